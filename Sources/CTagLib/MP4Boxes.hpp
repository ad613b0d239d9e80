#ifndef BL_MP4_BOXES_HPP
#define BL_MP4_BOXES_HPP

// Walking ISO base media boxes (size, type, payload) without reading the media data.

#include "FileReader.hpp"

#include <cstring>

namespace bl {

struct MP4Box {
  int64_t offset = 0;
  int64_t headerSize = 0;
  int64_t size = 0;
  char type[4] = {0, 0, 0, 0};

  int64_t payload() const { return offset + headerSize; }
  int64_t end() const { return offset + size; }
  bool is(const char *name) const { return memcmp(type, name, 4) == 0; }
};

// The box at `offset`, which must fit before `limit`.
bool readMP4Box(const FileReader &file, int64_t offset, int64_t limit, MP4Box &box);

// The first child of type `name` among the boxes in [begin, end).
bool findMP4Box(const FileReader &file, int64_t begin, int64_t end, const char *name, MP4Box &found);

} // namespace bl

#endif
