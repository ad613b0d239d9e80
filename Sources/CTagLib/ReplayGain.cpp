#include "ReplayGain.hpp"

#include <cmath>
#include <string>
#include <mp4file.h>
#include <mp4tag.h>

namespace bl {

namespace {

bool firstDecimal(const TagLib::StringList &values, double &value) {
  for (const TagLib::String &text : values) {
    if (parseDecimal(text.toCString(true), value)) return true;
  }
  return false;
}

// iTunes-style freeform atoms, e.g. "----:com.apple.iTunes:replaygain_track_gain"; writers
// differ in the case of the name.
TagLib::StringList mp4Freeform(TagLib::File &file, const char *name) {
  auto *mp4 = dynamic_cast<TagLib::MP4::File *>(&file);
  if (mp4 == nullptr || mp4->tag() == nullptr) return TagLib::StringList();
  TagLib::String wanted = TagLib::String("----:COM.APPLE.ITUNES:") + TagLib::String(name).upper();
  const TagLib::MP4::ItemMap &items = mp4->tag()->itemMap();
  for (auto it = items.begin(); it != items.end(); ++it) {
    if (it->first.upper() == wanted) return it->second.toStringList();
  }
  return TagLib::StringList();
}

TagLib::StringList lookUp(TagLib::File &file, const TagLib::PropertyMap &properties, const char *name) {
  auto found = properties.find(name);
  if (found != properties.end() && !found->second.isEmpty()) return found->second;
  return mp4Freeform(file, name);
}

} // namespace

bool parseDecimal(const char *text, double &value) {
  if (text == nullptr) return false;
  const unsigned char *p = reinterpret_cast<const unsigned char *>(text);
  while (*p == ' ' || *p == '\t') p++;
  bool negative = false;
  if (*p == '+' || *p == '-') {
    negative = *p == '-';
    p++;
  } else if (p[0] == 0xE2 && p[1] == 0x88 && p[2] == 0x92) {  // U+2212 MINUS SIGN
    negative = true;
    p += 3;
  }
  // Digits go into an integer-valued mantissa divided once by a power of ten, so "0.988553"
  // comes out as the nearest double rather than an accumulation of rounded tenths.
  double mantissa = 0;
  int digits = 0, fractionDigits = 0;
  for (; *p >= '0' && *p <= '9'; p++, digits++) mantissa = mantissa * 10 + (*p - '0');
  if (*p == '.' || *p == ',') {  // some taggers write the locale's decimal comma
    p++;
    for (; *p >= '0' && *p <= '9' && fractionDigits < 15; p++, digits++, fractionDigits++) {
      mantissa = mantissa * 10 + (*p - '0');
    }
  }
  double result = mantissa / std::pow(10.0, fractionDigits);
  if (digits == 0 || !std::isfinite(result)) return false;
  value = negative ? -result : result;
  return true;
}

// `scope` is "TRACK" or "ALBUM".
static Gain readGain(TagLib::File &file, const TagLib::PropertyMap &properties, const std::string &scope) {
  Gain gain;
  double value = 0;
  if (firstDecimal(lookUp(file, properties, ("REPLAYGAIN_" + scope + "_GAIN").c_str()), value)) {
    gain.hasGain = true;
    gain.gainDb = value;
  } else if (firstDecimal(lookUp(file, properties, ("R128_" + scope + "_GAIN").c_str()), value)) {
    // Opus (RFC 7845): Q7.8 fixed point in dB relative to -23 LUFS. ReplayGain 2 aims at
    // -18 LUFS, so the same track needs 5 dB more.
    gain.hasGain = true;
    gain.gainDb = value / 256.0 + 5.0;
  }
  if (firstDecimal(lookUp(file, properties, ("REPLAYGAIN_" + scope + "_PEAK").c_str()), value) && value >= 0) {
    gain.hasPeak = true;
    gain.peak = value;
  }
  return gain;
}

ReplayGain readReplayGain(TagLib::File &file, const TagLib::PropertyMap &properties) {
  return ReplayGain{readGain(file, properties, "TRACK"), readGain(file, properties, "ALBUM")};
}

} // namespace bl
