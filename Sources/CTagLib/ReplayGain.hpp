#ifndef BL_REPLAY_GAIN_HPP
#define BL_REPLAY_GAIN_HPP

// Track and album ReplayGain from tags: REPLAYGAIN_{TRACK,ALBUM}_{GAIN,PEAK} in Vorbis comments,
// APE and ID3v2 TXXX (which TagLib's PropertyMap exposes under those names), iTunes freeform atoms
// in MP4 (which TagLib 1.13 leaves out of the PropertyMap), and Opus R128_{TRACK,ALBUM}_GAIN.

#include "CTagLib.h"

#include <tfile.h>
#include <tpropertymap.h>

namespace bl {

// One gain and peak: a track's, or its album's.
struct Gain {
  bool hasGain = false;
  double gainDb = 0;
  bool hasPeak = false;
  double peak = 0;
};

struct ReplayGain {
  Gain track;
  Gain album;

  void copyInto(struct bl_tags *out) const {
    out->has_replay_gain = track.hasGain;
    out->replay_gain_track_db = track.gainDb;
    out->has_replay_peak = track.hasPeak;
    out->replay_gain_track_peak = track.peak;
    out->has_album_gain = album.hasGain;
    out->replay_gain_album_db = album.gainDb;
    out->has_album_peak = album.hasPeak;
    out->replay_gain_album_peak = album.peak;
  }
};

// `file` is only consulted for MP4 freeform atoms; `properties` is its PropertyMap.
ReplayGain readReplayGain(TagLib::File &file, const TagLib::PropertyMap &properties);

// Leading decimal of a tag value, locale-independent: "-6.50 dB", "+1,2 dB", "\u22123.4 dB".
bool parseDecimal(const char *text, double &value);

} // namespace bl

#endif
