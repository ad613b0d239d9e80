#ifndef BL_ADTS_READ_HPP
#define BL_ADTS_READ_HPP

// bl_tags for raw ADTS AAC (.aac), which TagLib 1.13 does not open.

#include "CTagLib.h"
#include "FileReader.hpp"

namespace bl {

// BL_TAGS_OK, or BL_TAGS_NOT_AUDIO when the file is not an ADTS stream. `properties` and
// `picture` (either may be null) get the ID3v2 tag's.
int readADTSFile(const char *path, const FileReader &reader, struct bl_tags *out,
                 struct bl_tag_properties *properties, size_t maxPictureSize, struct bl_picture *picture);

} // namespace bl

#endif
