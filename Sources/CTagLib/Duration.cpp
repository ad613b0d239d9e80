#include "Duration.hpp"

#include "CTagLib.h"
#include "FLACCompleteness.hpp"
#include "MP4Duration.hpp"
#include "MPEGDuration.hpp"

#include <aifffile.h>
#include <flacfile.h>
#include <mp4file.h>
#include <mpegfile.h>
#include <wavfile.h>
#include <wavpackfile.h>

namespace bl {

namespace {

Duration found(double seconds, const char *method) {
  Duration result;
  result.status = seconds > 0 ? BL_TAGS_OK : BL_TAGS_NO_DURATION;
  result.seconds = seconds > 0 ? seconds : 0;
  result.method = seconds > 0 ? method : nullptr;
  return result;
}

Duration failed(int status) {
  Duration result;
  result.status = status;
  return result;
}

Duration fromSampleCount(unsigned long long frames, int sampleRate) {
  if (frames == 0 || sampleRate <= 0) return failed(BL_TAGS_NO_DURATION);
  return found(double(frames) / sampleRate, "sample-count");
}

Duration fromTagLib(TagLib::File &file) {
  TagLib::AudioProperties *properties = file.audioProperties();
  if (properties == nullptr) return failed(BL_TAGS_NO_DURATION);
  return found(properties->lengthInMilliseconds() / 1000.0, "taglib-ms");
}

} // namespace

Duration measureDuration(TagLib::File &file, const FileReader &reader) {
  if (dynamic_cast<TagLib::MPEG::File *>(&file) != nullptr) {
    MPEGDuration mpeg = measureMPEGDuration(reader);
    if (mpeg.status == MPEGDuration::Found) return found(mpeg.seconds, mpeg.method);
    if (mpeg.status == MPEGDuration::FreeFormat) return fromTagLib(file);
    return failed(BL_TAGS_NOT_AUDIO);  // TagLib accepts files with no frame chain at all
  }
  if (auto *flac = dynamic_cast<TagLib::FLAC::File *>(&file)) {
    if (checkFLACCompleteness(reader) == FLACCompleteness::Truncated) return failed(BL_TAGS_TRUNCATED);
    if (flac->audioProperties() != nullptr) {
      return fromSampleCount(flac->audioProperties()->sampleFrames(), flac->audioProperties()->sampleRate());
    }
  }
  if (auto *wav = dynamic_cast<TagLib::RIFF::WAV::File *>(&file); wav != nullptr && wav->audioProperties() != nullptr) {
    return fromSampleCount(wav->audioProperties()->sampleFrames(), wav->audioProperties()->sampleRate());
  }
  if (auto *aiff = dynamic_cast<TagLib::RIFF::AIFF::File *>(&file);
      aiff != nullptr && aiff->audioProperties() != nullptr) {
    return fromSampleCount(aiff->audioProperties()->sampleFrames(), aiff->audioProperties()->sampleRate());
  }
  if (auto *wavPack = dynamic_cast<TagLib::WavPack::File *>(&file);
      wavPack != nullptr && wavPack->audioProperties() != nullptr) {
    return fromSampleCount(wavPack->audioProperties()->sampleFrames(), wavPack->audioProperties()->sampleRate());
  }
  if (dynamic_cast<TagLib::MP4::File *>(&file) != nullptr) {
    MP4Duration mp4 = measureMP4Duration(reader);
    if (mp4.found) return found(mp4.seconds, mp4.method);
  }
  // Ogg Vorbis/Opus/FLAC, ASF and the rest: TagLib computes these from granule positions or
  // header fields; its milliseconds are exact to the millisecond.
  return fromTagLib(file);
}

} // namespace bl
