#include "TagProperties.hpp"

#include <cstdlib>
#include <cstring>
#include <string>

namespace bl {

namespace {

// A malloc'd UTF-8 copy, cut at a stray NUL as C would read it anyway.
char *copyUTF8(const TagLib::String &value) {
  std::string text = value.to8Bit(true);
  return strdup(text.c_str());
}

} // namespace

void copyProperties(const TagLib::PropertyMap &properties, struct bl_tag_properties *out) {
  if (out == nullptr) return;
  size_t total = 0;
  for (const auto &entry : properties) total += entry.second.size();
  if (total == 0) return;
  out->items = static_cast<struct bl_tag_property *>(calloc(total, sizeof(struct bl_tag_property)));
  if (out->items == nullptr) return;
  for (const auto &entry : properties) {
    for (const TagLib::String &value : entry.second) {
      char *key = copyUTF8(entry.first);
      char *text = copyUTF8(value);
      if (key == nullptr || text == nullptr) {
        free(key);
        free(text);
        continue;
      }
      out->items[out->count++] = {key, text};
    }
  }
}

} // namespace bl

extern "C" void bl_tag_properties_free(struct bl_tag_properties *properties) {
  if (properties == nullptr) return;
  for (int i = 0; i < properties->count; i++) {
    free(properties->items[i].key);
    free(properties->items[i].value);
  }
  free(properties->items);
  memset(properties, 0, sizeof *properties);
}
