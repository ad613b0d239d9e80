#include "FLACCompleteness.hpp"

#include "FLACFrameHeader.hpp"
#include "TagBoundaries.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

namespace bl {

namespace {

struct StreamInfo {
  uint32_t maxBlockSize = 0;
  uint32_t maxFrameSize = 0;  // 0 when the encoder did not know it
  uint64_t totalSamples = 0;  // 0 when the encoder did not know it
  int64_t framesOffset = 0;   // first byte after the metadata blocks
};

bool readStreamInfo(const FileReader &file, StreamInfo &info) {
  int64_t offset = audioStartOffset(file);
  uint8_t bytes[34];
  if (!file.readAt(offset, bytes, 4) || memcmp(bytes, "fLaC", 4) != 0) return false;
  offset += 4;
  bool sawStreamInfo = false;
  // Metadata blocks: 1 bit "last", 7 bits type, 24 bits length. STREAMINFO (type 0) comes first.
  for (int block = 0; block < 1024; block++) {
    uint8_t header[4];
    if (!file.readAt(offset, header, 4)) return false;
    bool last = (header[0] & 0x80) != 0;
    int type = header[0] & 0x7F;
    int64_t length = (int64_t(header[1]) << 16) | (int64_t(header[2]) << 8) | header[3];
    if (type == 0 && length >= 34 && file.readAt(offset + 4, bytes, 34)) {
      info.maxBlockSize = (uint32_t(bytes[2]) << 8) | bytes[3];
      info.maxFrameSize = (uint32_t(bytes[7]) << 16) | (uint32_t(bytes[8]) << 8) | bytes[9];
      info.totalSamples = (uint64_t(bytes[13] & 0x0F) << 32) | readBE32(bytes + 14);
      sawStreamInfo = true;
    }
    offset += 4 + length;
    if (last) break;
  }
  info.framesOffset = offset;
  return sawStreamInfo && offset <= file.size();
}

} // namespace

FLACCompleteness checkFLACCompleteness(const FileReader &file) {
  StreamInfo info;
  if (!readStreamInfo(file, info)) return FLACCompleteness::Unknown;
  if (info.totalSamples == 0 || info.maxBlockSize == 0) return FLACCompleteness::Unknown;
  int64_t end = audioEndOffset(file, info.framesOffset);
  if (end - info.framesOffset < 8) return FLACCompleteness::Truncated;

  // The last frame lies within one maximum frame size of the end; read a bit more than that.
  int64_t window = info.maxFrameSize > 0 ? std::clamp<int64_t>(2 * int64_t(info.maxFrameSize) + 64, 64 * 1024, 16 << 20)
                                         : int64_t(1 << 20);
  int64_t windowStart = std::max(info.framesOffset, end - window);
  std::vector<uint8_t> tail(size_t(end - windowStart));
  if (!file.readAt(windowStart, tail.data(), tail.size())) return FLACCompleteness::Unknown;

  const uint8_t *bytes = tail.data();
  size_t length = tail.size();
  uint16_t storedCRC = uint16_t((bytes[length - 2] << 8) | bytes[length - 1]);
  // Scan backwards: the last frame header is the nearest one to the end that starts a frame
  // running exactly to the end with a matching CRC-16 and ending at the declared sample count.
  for (size_t pos = length - 2; pos-- > 0;) {
    if (bytes[pos] != 0xFF || (bytes[pos + 1] & 0xFE) != 0xF8) continue;
    FLACFrameHeader header;
    if (!parseFLACFrameHeader(bytes + pos, length - pos, header)) continue;
    uint64_t firstSample = header.variableBlockSize ? header.number : header.number * info.maxBlockSize;
    if (firstSample + header.blockSize != info.totalSamples) continue;
    if (flacCRC16(bytes + pos, length - pos - 2) == storedCRC) return FLACCompleteness::Complete;
  }
  return FLACCompleteness::Truncated;
}

} // namespace bl
