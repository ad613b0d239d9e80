#ifndef BL_DURATION_HPP
#define BL_DURATION_HPP

// The most exact duration available per format: sample counts where the container has them,
// our own MPEG and MP4 readers where TagLib's figure is off, TagLib's milliseconds otherwise.

#include "FileReader.hpp"

#include <tfile.h>

namespace bl {

struct Duration {
  int status = 0;  // BL_TAGS_OK, BL_TAGS_NOT_AUDIO, BL_TAGS_NO_DURATION or BL_TAGS_TRUNCATED
  double seconds = 0;
  const char *method = nullptr;
};

Duration measureDuration(TagLib::File &file, const FileReader &reader);

} // namespace bl

#endif
