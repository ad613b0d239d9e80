#ifndef BL_MP4_DURATION_HPP
#define BL_MP4_DURATION_HPP

// The played length of the first audio track of an MP4/M4A. TagLib 1.13 reports the media
// header length, which includes the AAC encoder's priming samples (1024 for FFmpeg, 2112 for
// Apple: +23 to +48 ms at 44.1 kHz, +128 ms at 8 kHz). The edit list says which part of the
// media is presented, and decoders (FFmpeg/mpv, AVFoundation) honour it.

#include "FileReader.hpp"

namespace bl {

struct MP4Duration {
  bool found = false;
  double seconds = 0;
  const char *method = nullptr;  // static string: "mp4-edit-list" or "mp4-mdhd"
};

MP4Duration measureMP4Duration(const FileReader &file);

} // namespace bl

#endif
