#ifndef BL_MPEG_DURATION_HPP
#define BL_MPEG_DURATION_HPP

// Exact MPEG audio duration. TagLib 1.13 estimates it from the first frame's bitrate when there
// is no Xing/VBRI header, which is far off for VBR files (a 7.3 s file read as 1.07 s), and it
// does not remove LAME's encoder delay and padding (+40 ms at 44.1 kHz), which gapless
// decoders such as FFmpeg/mpv trim. So: Xing/VBRI frame count minus the LAME delay and padding
// when present, otherwise count the frames themselves.

#include "FileReader.hpp"

namespace bl {

struct MPEGDuration {
  enum Status { Found, NoFrames, FreeFormat };
  Status status = NoFrames;
  double seconds = 0;
  const char *method = nullptr;  // static string: "xing+lame", "xing", "vbri", "frame-walk"
};

MPEGDuration measureMPEGDuration(const FileReader &file);

} // namespace bl

#endif
