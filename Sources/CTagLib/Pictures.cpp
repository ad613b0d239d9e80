// The embedded cover, from whichever tag the format keeps pictures in.

#include "Pictures.hpp"

#include <attachedpictureframe.h>
#include <cstdlib>
#include <cstring>
#include <flacfile.h>
#include <mp4file.h>
#include <mpegfile.h>
#include <wavfile.h>
#include <xiphcomment.h>

namespace {

// The front cover if one is marked so, else the first picture offered.
class Choice {
public:
  void offer(const TagLib::ByteVector &bytes, bool front) {
    if (bytes.isEmpty() || (found_ && (front_ || !front))) return;
    bytes_ = bytes;
    front_ = front;
    found_ = true;
  }
  bool found() const { return found_; }
  const TagLib::ByteVector &bytes() const { return bytes_; }

private:
  TagLib::ByteVector bytes_;
  bool front_ = false;
  bool found_ = false;
};

void offerID3v2(TagLib::ID3v2::Tag *tag, Choice &choice) {
  if (tag == nullptr) return;
  for (TagLib::ID3v2::Frame *frame : tag->frameList("APIC")) {
    if (auto *picture = dynamic_cast<TagLib::ID3v2::AttachedPictureFrame *>(frame)) {
      choice.offer(picture->picture(), picture->type() == TagLib::ID3v2::AttachedPictureFrame::FrontCover);
    }
  }
}

// FLAC's own PICTURE blocks, and the same structure base64'd in Ogg's METADATA_BLOCK_PICTURE.
void offerFLACPictures(const TagLib::List<TagLib::FLAC::Picture *> &pictures, Choice &choice) {
  for (TagLib::FLAC::Picture *picture : pictures) {
    choice.offer(picture->data(), picture->type() == TagLib::FLAC::Picture::FrontCover);
  }
}

void offerMP4(TagLib::MP4::Tag *tag, Choice &choice) {
  if (tag == nullptr || !tag->contains("covr")) return;
  for (const TagLib::MP4::CoverArt &art : tag->item("covr").toCoverArtList()) choice.offer(art.data(), false);
}

void offerAll(TagLib::File *file, Choice &choice) {
  if (auto *mpeg = dynamic_cast<TagLib::MPEG::File *>(file)) {
    offerID3v2(mpeg->ID3v2Tag(), choice);
  } else if (auto *flac = dynamic_cast<TagLib::FLAC::File *>(file)) {
    offerFLACPictures(flac->pictureList(), choice);
  } else if (auto *mp4 = dynamic_cast<TagLib::MP4::File *>(file)) {
    offerMP4(mp4->tag(), choice);
  } else if (auto *wav = dynamic_cast<TagLib::RIFF::WAV::File *>(file)) {
    offerID3v2(wav->ID3v2Tag(), choice);
  } else if (auto *xiph = dynamic_cast<TagLib::Ogg::XiphComment *>(file->tag())) {
    offerFLACPictures(xiph->pictureList(), choice);  // Vorbis, Opus, Ogg FLAC
  }
}

// Zeroes `out`, lets `offer` offer the pictures it finds, and copies the one chosen.
template <typename Offer> void copyChosen(size_t maxSize, struct bl_picture *out, Offer offer) {
  if (out == nullptr) return;
  memset(out, 0, sizeof *out);
  Choice choice;
  offer(choice);
  if (!choice.found()) return;
  out->size = choice.bytes().size();
  if (out->size > maxSize) return;
  out->bytes = static_cast<unsigned char *>(malloc(out->size));
  if (out->bytes == nullptr) {
    out->size = 0;
    return;
  }
  memcpy(out->bytes, choice.bytes().data(), out->size);
}

} // namespace

namespace bl {

void copyPicture(TagLib::File &file, size_t maxSize, struct bl_picture *out) {
  copyChosen(maxSize, out, [&](Choice &choice) { offerAll(&file, choice); });
}

void copyPicture(TagLib::ID3v2::Tag &tag, size_t maxSize, struct bl_picture *out) {
  copyChosen(maxSize, out, [&](Choice &choice) { offerID3v2(&tag, choice); });
}

} // namespace bl

extern "C" void bl_picture_free(struct bl_picture *picture) {
  if (picture == nullptr) return;
  free(picture->bytes);
  memset(picture, 0, sizeof *picture);
}
