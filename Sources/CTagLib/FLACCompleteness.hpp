#ifndef BL_FLAC_COMPLETENESS_HPP
#define BL_FLAC_COMPLETENESS_HPP

// Whether a FLAC file still holds its whole stream. STREAMINFO states the total sample count up
// front, so TagLib reports the full length for a file cut short by an interrupted copy or
// upload, and the room clock would run past the end of what the player can play. The last frame
// of a complete file ends exactly at that count and passes its CRC-16.

#include "FileReader.hpp"

namespace bl {

enum class FLACCompleteness { Complete, Truncated, Unknown };

FLACCompleteness checkFLACCompleteness(const FileReader &file);

} // namespace bl

#endif
