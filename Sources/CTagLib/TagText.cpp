#include "TagText.hpp"

#include <cstdlib>
#include <cstring>
#include <string>

namespace bl {

namespace {

// A malloc'd UTF-8 copy without surrounding white space, or NULL when nothing is left.
char *copyTrimmed(const TagLib::String &value) {
  std::string text = value.to8Bit(true);
  text.resize(strlen(text.c_str()));  // a stray NUL would end the string in C anyway
  const char *space = " \t\r\n";
  size_t first = text.find_first_not_of(space);
  if (first == std::string::npos) return nullptr;
  size_t last = text.find_last_not_of(space);
  return strdup(text.substr(first, last - first + 1).c_str());
}

char *field(const TagLib::String &fromTag, const TagLib::PropertyMap &properties, const char *key) {
  if (char *text = copyTrimmed(fromTag)) return text;
  auto found = properties.find(key);
  if (found == properties.end() || found->second.isEmpty()) return nullptr;
  return copyTrimmed(found->second.front());
}

} // namespace

void copyText(const TagLib::Tag *tag, const TagLib::PropertyMap &properties, struct bl_tags *out) {
  TagLib::String none;
  out->title = field(tag ? tag->title() : none, properties, "TITLE");
  out->artist = field(tag ? tag->artist() : none, properties, "ARTIST");
  out->album = field(tag ? tag->album() : none, properties, "ALBUM");
}

} // namespace bl
