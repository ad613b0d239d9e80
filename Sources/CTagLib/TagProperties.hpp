#ifndef BL_TAG_PROPERTIES_HPP
#define BL_TAG_PROPERTIES_HPP

// A PropertyMap into a bl_tag_properties, as malloc'd UTF-8.

#include "CTagLib.h"

#include <tpropertymap.h>

namespace bl {

// `out` may be null (nothing is copied).
void copyProperties(const TagLib::PropertyMap &properties, struct bl_tag_properties *out);

} // namespace bl

#endif
