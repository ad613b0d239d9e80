#include "TagBoundaries.hpp"

#include <cstring>

namespace bl {

namespace {

// ID3v2 sizes are "synchsafe": 7 bits per byte, the top bit always clear.
bool synchsafe(const uint8_t *p, int64_t &value) {
  if ((p[0] | p[1] | p[2] | p[3]) & 0x80) return false;
  value = (int64_t(p[0]) << 21) | (int64_t(p[1]) << 14) | (int64_t(p[2]) << 7) | int64_t(p[3]);
  return true;
}

int64_t littleEndian32(const uint8_t *p) {
  return int64_t(p[0]) | (int64_t(p[1]) << 8) | (int64_t(p[2]) << 16) | (int64_t(p[3]) << 24);
}

// Size of the tag that ends at `end`, or 0 when none is recognised there.
int64_t trailingTagSize(const FileReader &file, int64_t start, int64_t end) {
  uint8_t buffer[32];
  int64_t available = end - start;
  if (available >= 128 && file.readAt(end - 128, buffer, 3) && memcmp(buffer, "TAG", 3) == 0) return 128;
  if (available >= 32 && file.readAt(end - 32, buffer, 32) && memcmp(buffer, "APETAGEX", 8) == 0) {
    int64_t size = littleEndian32(buffer + 12);  // items + footer
    uint32_t flags = uint32_t(littleEndian32(buffer + 20));
    if (flags & 0x80000000u) size += 32;  // a header precedes the items
    return size >= 32 && size <= available ? size : 0;
  }
  if (available >= 15 && file.readAt(end - 9, buffer, 9) && memcmp(buffer, "LYRICS200", 9) == 0 &&
      file.readAt(end - 15, buffer, 6)) {
    int64_t size = 0;
    for (int i = 0; i < 6; i++) {
      if (buffer[i] < '0' || buffer[i] > '9') return 0;
      size = size * 10 + (buffer[i] - '0');
    }
    size += 15;
    return size <= available ? size : 0;
  }
  if (available >= 20 && file.readAt(end - 10, buffer, 10) && memcmp(buffer, "3DI", 3) == 0) {
    int64_t size = 0;
    if (!synchsafe(buffer + 6, size)) return 0;
    size += 20;  // header + footer
    return size <= available ? size : 0;
  }
  return 0;
}

} // namespace

int64_t audioStartOffset(const FileReader &file) {
  int64_t offset = 0;
  uint8_t header[10];
  // Some files carry several ID3v2 tags in a row.
  while (file.readAt(offset, header, sizeof header) && memcmp(header, "ID3", 3) == 0) {
    int64_t size = 0;
    if (!synchsafe(header + 6, size)) break;
    bool hasFooter = (header[5] & 0x10) != 0;
    offset += 10 + size + (hasFooter ? 10 : 0);
  }
  return offset;
}

int64_t audioEndOffset(const FileReader &file, int64_t start) {
  int64_t end = file.size();
  // A tag may follow another (APE then ID3v1 is common); a few rounds cover real files.
  for (int round = 0; round < 4 && end > start; round++) {
    int64_t size = trailingTagSize(file, start, end);
    if (size == 0) break;
    end -= size;
  }
  return end > start ? end : start;
}

} // namespace bl
