#ifndef BL_FLAC_FRAME_HEADER_HPP
#define BL_FLAC_FRAME_HEADER_HPP

// FLAC frame headers and the two CRCs that protect frames.

#include <cstddef>
#include <cstdint>

namespace bl {

struct FLACFrameHeader {
  bool variableBlockSize = false;
  uint64_t number = 0;  // frame number (fixed block size) or first sample (variable)
  uint32_t blockSize = 0;
};

// Parses the frame header at `bytes` (at most `length` bytes available) and checks its CRC-8.
bool parseFLACFrameHeader(const uint8_t *bytes, size_t length, FLACFrameHeader &out);

uint16_t flacCRC16(const uint8_t *bytes, size_t length);

} // namespace bl

#endif
