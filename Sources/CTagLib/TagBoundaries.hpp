#ifndef BL_TAG_BOUNDARIES_HPP
#define BL_TAG_BOUNDARIES_HPP

// Where the audio stream of an MPEG or FLAC file begins and ends once the tag blocks that
// taggers glue around it are skipped: ID3v2 at the start; ID3v1, APEv2, Lyrics3v2 and
// ID3v2-with-footer at the end.

#include "FileReader.hpp"

namespace bl {

// Offset just past any ID3v2 tags at the start of the file (0 if there are none).
int64_t audioStartOffset(const FileReader &file);

// Offset just before any known tags at the end of the file (the file size if there are none).
int64_t audioEndOffset(const FileReader &file, int64_t start);

} // namespace bl

#endif
