#include "ADTSRead.hpp"

#include "ADTSDuration.hpp"
#include "Pictures.hpp"
#include "ReplayGain.hpp"
#include "TagProperties.hpp"
#include "TagText.hpp"

#include <id3v2tag.h>
#include <tfile.h>

namespace bl {

namespace {

// TagLib's ID3v2 parser needs a TagLib::File to read from. The MPEG reader would do, but it
// then hunts for MPEG frames through the whole AAC stream (4 ms for 90 kB); this one only opens.
class PlainFile : public TagLib::File {
public:
  explicit PlainFile(const char *path) : TagLib::File(path) {}
  TagLib::Tag *tag() const override { return nullptr; }
  TagLib::AudioProperties *audioProperties() const override { return nullptr; }
  bool save() override { return false; }
};

} // namespace

int readADTSFile(const char *path, const FileReader &reader, struct bl_tags *out,
                 struct bl_tag_properties *properties, size_t maxPictureSize, struct bl_picture *picture) {
  ADTSStream stream = measureADTS(reader);
  if (!stream.found) return BL_TAGS_NOT_AUDIO;
  out->duration_seconds = stream.seconds;
  out->duration_method = "adts-frame-walk";
  out->sample_rate = stream.sampleRate;
  out->channels = stream.channels;
  out->bitrate_kbps = stream.bitrateKbps;

  uint8_t magic[3];
  if (!reader.readAt(0, magic, 3) || magic[0] != 'I' || magic[1] != 'D' || magic[2] != '3') return BL_TAGS_OK;
  PlainFile file(path);
  if (!file.isOpen()) return BL_TAGS_OK;
  TagLib::ID3v2::Tag tag(&file, 0);
  TagLib::PropertyMap tagProperties = tag.properties();
  copyText(&tag, tagProperties, out);
  copyProperties(tagProperties, properties);
  readReplayGain(file, tagProperties).copyInto(out);
  copyPicture(tag, maxPictureSize, picture);
  return BL_TAGS_OK;
}

} // namespace bl
