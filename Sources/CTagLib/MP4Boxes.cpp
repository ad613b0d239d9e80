#include "MP4Boxes.hpp"

namespace bl {

bool readMP4Box(const FileReader &file, int64_t offset, int64_t limit, MP4Box &box) {
  uint8_t header[16];
  if (offset + 8 > limit || !file.readAt(offset, header, 8)) return false;
  box.offset = offset;
  box.headerSize = 8;
  box.size = readBE32(header);
  memcpy(box.type, header + 4, 4);
  if (box.size == 1) {  // 64-bit size follows the type
    if (offset + 16 > limit || !file.readAt(offset + 8, header + 8, 8)) return false;
    box.headerSize = 16;
    box.size = int64_t(readBE64(header + 8));
  } else if (box.size == 0) {  // extends to the end of its parent
    box.size = limit - offset;
  }
  return box.size >= box.headerSize && box.size <= limit - offset;
}

bool findMP4Box(const FileReader &file, int64_t begin, int64_t end, const char *name, MP4Box &found) {
  MP4Box box;
  // Bounded: real parents hold a handful of children, a corrupt one must not spin.
  for (int i = 0; i < 4096 && readMP4Box(file, begin, end, box); i++) {
    if (box.is(name)) {
      found = box;
      return true;
    }
    begin = box.end();
  }
  return false;
}

} // namespace bl
