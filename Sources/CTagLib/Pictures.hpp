#ifndef BL_PICTURES_HPP
#define BL_PICTURES_HPP

// The embedded cover, from whichever tag the format keeps pictures in (CTagLibPictures.h).

#include "CTagLibPictures.h"

#include <id3v2tag.h>
#include <tfile.h>

namespace bl {

// Into `out` (which may be null; zeroed first) as bl_tags_read_with_picture describes.
void copyPicture(TagLib::File &file, size_t maxSize, struct bl_picture *out);
// From an ID3v2 tag read on its own (ADTS AAC).
void copyPicture(TagLib::ID3v2::Tag &tag, size_t maxSize, struct bl_picture *out);

} // namespace bl

#endif
