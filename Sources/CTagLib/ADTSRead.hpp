#ifndef BL_ADTS_READ_HPP
#define BL_ADTS_READ_HPP

// bl_tags for raw ADTS AAC (.aac), which TagLib 1.13 does not open.

#include "CTagLib.h"
#include "FileReader.hpp"

namespace bl {

// BL_TAGS_OK, or BL_TAGS_NOT_AUDIO when the file is not an ADTS stream.
int readADTSFile(const char *path, const FileReader &reader, struct bl_tags *out);

} // namespace bl

#endif
