#include "FLACFrameHeader.hpp"

namespace bl {

namespace {

uint8_t crc8(const uint8_t *bytes, size_t length) {
  uint8_t crc = 0;
  for (size_t i = 0; i < length; i++) {
    crc ^= bytes[i];
    for (int bit = 0; bit < 8; bit++) crc = uint8_t((crc & 0x80) ? (crc << 1) ^ 0x07 : crc << 1);
  }
  return crc;
}

struct CRC16Table {
  uint16_t values[256];
  CRC16Table() {
    for (int i = 0; i < 256; i++) {
      uint16_t crc = uint16_t(i << 8);
      for (int bit = 0; bit < 8; bit++) crc = uint16_t((crc & 0x8000) ? (crc << 1) ^ 0x8005 : crc << 1);
      values[i] = crc;
    }
  }
};

// The "UTF-8"-style coded frame or sample number: 1 to 7 bytes.
bool readCodedNumber(const uint8_t *bytes, size_t length, size_t &cursor, uint64_t &value) {
  if (cursor >= length) return false;
  uint8_t first = bytes[cursor++];
  int extra = 0;
  if (first < 0x80) {
    value = first;
    return true;
  } else if ((first & 0xE0) == 0xC0) {
    extra = 1, value = first & 0x1F;
  } else if ((first & 0xF0) == 0xE0) {
    extra = 2, value = first & 0x0F;
  } else if ((first & 0xF8) == 0xF0) {
    extra = 3, value = first & 0x07;
  } else if ((first & 0xFC) == 0xF8) {
    extra = 4, value = first & 0x03;
  } else if ((first & 0xFE) == 0xFC) {
    extra = 5, value = first & 0x01;
  } else if (first == 0xFE) {
    extra = 6, value = 0;
  } else {
    return false;
  }
  for (int i = 0; i < extra; i++) {
    if (cursor >= length || (bytes[cursor] & 0xC0) != 0x80) return false;
    value = (value << 6) | (bytes[cursor++] & 0x3F);
  }
  return true;
}

} // namespace

bool parseFLACFrameHeader(const uint8_t *b, size_t length, FLACFrameHeader &out) {
  if (length < 6 || b[0] != 0xFF || (b[1] & 0xFE) != 0xF8) return false;
  int blockCode = b[2] >> 4;
  int rateCode = b[2] & 0x0F;
  int channelCode = b[3] >> 4;
  if (blockCode == 0 || rateCode == 15 || channelCode > 10 || (b[3] & 1) != 0) return false;
  FLACFrameHeader header;
  header.variableBlockSize = (b[1] & 1) != 0;
  size_t cursor = 4;
  if (!readCodedNumber(b, length, cursor, header.number)) return false;
  if (blockCode == 6 || blockCode == 7) {  // block size - 1 stored at the end of the header
    size_t width = blockCode == 6 ? 1 : 2;
    if (cursor + width > length) return false;
    header.blockSize = (width == 1 ? b[cursor] : (uint32_t(b[cursor]) << 8 | b[cursor + 1])) + 1;
    cursor += width;
  } else if (blockCode == 1) {
    header.blockSize = 192;
  } else if (blockCode <= 5) {
    header.blockSize = 576u << (blockCode - 2);
  } else {
    header.blockSize = 256u << (blockCode - 8);
  }
  if (rateCode == 12) cursor += 1;
  if (rateCode == 13 || rateCode == 14) cursor += 2;
  if (cursor >= length || crc8(b, cursor) != b[cursor]) return false;
  out = header;
  return true;
}

uint16_t flacCRC16(const uint8_t *bytes, size_t length) {
  static const CRC16Table table;
  uint16_t crc = 0;
  for (size_t i = 0; i < length; i++) crc = uint16_t((crc << 8) ^ table.values[(crc >> 8) ^ bytes[i]]);
  return crc;
}

} // namespace bl
