#ifndef BL_TAG_TEXT_HPP
#define BL_TAG_TEXT_HPP

// Title, artist and album into a bl_tags, as trimmed malloc'd UTF-8.

#include "CTagLib.h"

#include <tag.h>
#include <tpropertymap.h>

namespace bl {

// `tag` may be null. Fields the tag leaves empty come from `properties`: for WAV, TagLib's
// tag() is the ID3v2 chunk only, while the RIFF INFO chunk most tools write reaches the
// PropertyMap.
void copyText(const TagLib::Tag *tag, const TagLib::PropertyMap &properties, struct bl_tags *out);

} // namespace bl

#endif
