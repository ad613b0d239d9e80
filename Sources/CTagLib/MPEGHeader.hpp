#ifndef BL_MPEG_HEADER_HPP
#define BL_MPEG_HEADER_HPP

// The 4-byte header in front of every MPEG audio frame (layers I-III, MPEG 1, 2 and 2.5).

#include <cstdint>

namespace bl {

struct MPEGHeader {
  int version = 0;  // 10 = MPEG 1, 20 = MPEG 2, 25 = MPEG 2.5
  int layer = 0;    // 1, 2 or 3
  int bitrateKbps = 0;  // 0 for "free format", whose frame length the header does not give
  int sampleRate = 0;
  bool mono = false;
  int frameLength = 0;  // bytes including the header; 0 for free format
  int samplesPerFrame = 0;
  int sideInfoLength = 0;  // layer III side information after the header (where Xing lives)

  // Frames of one stream share these; a change means we walked into garbage.
  bool sameStreamAs(const MPEGHeader &other) const {
    return version == other.version && layer == other.layer && sampleRate == other.sampleRate &&
           mono == other.mono;
  }
};

// Parses `bytes[0..3]`; false when they are not a valid frame header.
bool parseMPEGHeader(const uint8_t *bytes, MPEGHeader &out);

// The lowest and highest bitrates (kbps) a frame of this version and layer can have.
void mpegBitrateRange(const MPEGHeader &header, int &lowest, int &highest);

} // namespace bl

#endif
