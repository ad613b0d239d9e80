#include "MPEGInfoFrame.hpp"

#include "FileReader.hpp"

#include <cstring>

namespace bl {

namespace {

// The LAME extension follows the Xing fields: a 9-byte encoder string, then at +21 three bytes
// holding two 12-bit values, encoder delay and padding. FFmpeg writes the same layout.
void parseLAMEExtension(const uint8_t *frame, size_t length, size_t offset, MPEGInfoFrame &info) {
  if (offset + 24 > length) return;
  const uint8_t *lame = frame + offset;
  if (memcmp(lame, "LAME", 4) != 0 && memcmp(lame, "Lavf", 4) != 0 && memcmp(lame, "Lavc", 4) != 0) return;
  info.encoderDelay = (lame[21] << 4) | (lame[22] >> 4);
  info.encoderPadding = ((lame[22] & 0x0F) << 8) | lame[23];
  info.hasGaplessInfo = true;
}

bool parseXing(const uint8_t *frame, size_t length, const MPEGHeader &header, MPEGInfoFrame &info) {
  size_t offset = 4 + size_t(header.sideInfoLength);
  if (header.layer != 3 || offset + 8 > length) return false;
  if (memcmp(frame + offset, "Xing", 4) != 0 && memcmp(frame + offset, "Info", 4) != 0) return false;
  uint32_t flags = readBE32(frame + offset + 4);
  size_t cursor = offset + 8;
  if (flags & 1) {
    if (cursor + 4 > length) return false;
    info.frames = readBE32(frame + cursor);
    cursor += 4;
  }
  if (flags & 2) {
    if (cursor + 4 > length) return false;
    info.bytes = readBE32(frame + cursor);
    cursor += 4;
  }
  if (flags & 4) cursor += 100;  // seek table
  if (flags & 8) cursor += 4;    // quality
  info.present = true;
  parseLAMEExtension(frame, length, cursor, info);
  return true;
}

bool parseVBRI(const uint8_t *frame, size_t length, MPEGInfoFrame &info) {
  const size_t offset = 4 + 32;
  if (offset + 18 > length || memcmp(frame + offset, "VBRI", 4) != 0) return false;
  info.bytes = readBE32(frame + offset + 10);
  info.frames = readBE32(frame + offset + 14);
  info.present = true;
  info.isVBRI = true;
  return true;
}

} // namespace

MPEGInfoFrame parseMPEGInfoFrame(const uint8_t *frame, size_t length, const MPEGHeader &header) {
  // Parse into scratch values so that a header cut short leaves nothing half-filled.
  MPEGInfoFrame xing;
  if (parseXing(frame, length, header, xing)) return xing;
  MPEGInfoFrame vbri;
  if (parseVBRI(frame, length, vbri)) return vbri;
  return MPEGInfoFrame();
}

} // namespace bl
