#ifndef BL_ADTS_DURATION_HPP
#define BL_ADTS_DURATION_HPP

// Raw AAC in ADTS frames (.aac). TagLib 1.13 does not open these at all. Each frame header
// gives its length and 1024 samples per raw data block, so counting frames is exact.

#include "FileReader.hpp"

namespace bl {

struct ADTSStream {
  bool found = false;
  double seconds = 0;
  int sampleRate = 0;
  int channels = 0;
  int bitrateKbps = 0;
};

ADTSStream measureADTS(const FileReader &file);

} // namespace bl

#endif
