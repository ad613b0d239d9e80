// bl_tags_read: TagLib for tags and audio properties, our readers for exact durations.

#include "CTagLib.h"

#include "ADTSRead.hpp"
#include "Duration.hpp"
#include "FileReader.hpp"
#include "Pictures.hpp"
#include "Quiet.hpp"
#include "ReplayGain.hpp"
#include "TagProperties.hpp"
#include "TagText.hpp"

#include <cstdlib>
#include <cstring>
#include <fileref.h>

namespace {

const double kLowestBitsPerSecond = 64;

int readInto(const char *path, struct bl_tags *out, struct bl_tag_properties *textProperties, size_t maxPictureSize,
             struct bl_picture *picture) {
  bl::FileReader reader(path);
  if (!reader.isOpen()) return BL_TAGS_CANNOT_OPEN;
  if (reader.size() == 0) return BL_TAGS_NOT_AUDIO;

  TagLib::FileRef ref(path, true, TagLib::AudioProperties::Average);
  if (ref.isNull() || ref.file() == nullptr || !ref.file()->isValid() || ref.audioProperties() == nullptr) {
    // TagLib 1.13 does not open raw AAC.
    return bl::readADTSFile(path, reader, out, textProperties, maxPictureSize, picture);
  }
  bl::Duration duration = bl::measureDuration(*ref.file(), reader);
  if (duration.status != BL_TAGS_OK) return duration.status;
  // A length the file is far too small to hold comes from a damaged header (a flipped Ogg
  // granule position or MP4 duration); no real stream, not even Opus silence, averages under
  // ~100 bit/s.
  if (double(reader.size()) * 8 / duration.seconds < kLowestBitsPerSecond) return BL_TAGS_NO_DURATION;

  TagLib::AudioProperties *properties = ref.audioProperties();
  out->duration_seconds = duration.seconds;
  out->duration_method = duration.method;
  out->sample_rate = properties->sampleRate();
  out->channels = properties->channels();
  out->bitrate_kbps = properties->bitrate();
  TagLib::PropertyMap tagProperties = ref.file()->properties();
  bl::copyText(ref.tag(), tagProperties, out);
  bl::copyProperties(tagProperties, textProperties);
  bl::readReplayGain(*ref.file(), tagProperties).copyInto(out);
  bl::copyPicture(*ref.file(), maxPictureSize, picture);  // parsed with the tags: no second open
  return BL_TAGS_OK;
}

} // namespace

extern "C" int bl_tags_read(const char *path, struct bl_tags *out) {
  return bl_tags_read_with_properties(path, out, nullptr);
}

extern "C" int bl_tags_read_with_properties(const char *path, struct bl_tags *out, struct bl_tag_properties *properties) {
  return bl_tags_read_with_picture(path, out, properties, 0, nullptr);
}

extern "C" int bl_tags_read_with_picture(const char *path, struct bl_tags *out, struct bl_tag_properties *properties,
                                         size_t max_picture_size, struct bl_picture *picture) {
  if (properties != nullptr) memset(properties, 0, sizeof *properties);
  if (picture != nullptr) memset(picture, 0, sizeof *picture);
  if (out == nullptr) return BL_TAGS_CANNOT_OPEN;
  memset(out, 0, sizeof *out);
  if (path == nullptr) return BL_TAGS_CANNOT_OPEN;
  bl::silenceTagLib();
  int status;
  // Nothing may unwind into C or Swift: TagLib can throw std::bad_alloc on absurd sizes in
  // corrupt headers.
  try {
    status = readInto(path, out, properties, max_picture_size, picture);
  } catch (...) {
    status = BL_TAGS_NOT_AUDIO;
  }
  if (status != BL_TAGS_OK) {
    bl_tags_free(out);
    bl_tag_properties_free(properties);
    bl_picture_free(picture);
  }
  return status;
}

extern "C" void bl_tags_free(struct bl_tags *tags) {
  if (tags == nullptr) return;
  free(tags->title);
  free(tags->artist);
  free(tags->album);
  memset(tags, 0, sizeof *tags);
}

extern "C" bool bl_tags_parse_decimal(const char *text, double *out) {
  double value = 0;
  if (out == nullptr || !bl::parseDecimal(text, value)) return false;
  *out = value;
  return true;
}
