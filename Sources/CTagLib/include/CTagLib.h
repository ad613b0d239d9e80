#ifndef CTAGLIB_H
#define CTAGLIB_H

// A small C API over TagLib's C++ API. TagLib's own C API gives whole seconds and no ReplayGain;
// the room clock needs sub-second durations. Usable from Swift and from plain C (bench/tags).

#include <stdbool.h>

#include "CTagLibPictures.h"  // SwiftPM's module for this target takes this header only
#include "CTagLibProperties.h"

#ifdef __cplusplus
extern "C" {
#endif

// bl_tags_read results. Plain macros so Swift imports them as Int32 constants.
#define BL_TAGS_OK 0
#define BL_TAGS_CANNOT_OPEN 1  // missing, unreadable or not a regular file
#define BL_TAGS_NOT_AUDIO 2    // empty, unknown format, or no audio stream found
#define BL_TAGS_NO_DURATION 3  // audio, but no positive length could be determined
#define BL_TAGS_TRUNCATED 4    // the stream ends before the length its headers declare

struct bl_tags {
  char *title;   // UTF-8, trimmed; NULL when absent or empty
  char *artist;  // UTF-8, trimmed; NULL when absent or empty
  char *album;   // UTF-8, trimmed; NULL when absent or empty
  double duration_seconds;
  // How the duration was found, a static string ("xing+lame", "frame-walk", "sample-count",
  // "mp4-edit-list", "taglib-ms", ...). Never freed; NULL when the read failed.
  const char *duration_method;
  int sample_rate;
  int channels;
  int bitrate_kbps;
  int has_replay_gain;
  double replay_gain_track_db;
  int has_replay_peak;
  double replay_gain_track_peak;
  int has_album_gain;
  double replay_gain_album_db;
  int has_album_peak;
  double replay_gain_album_peak;
};

// Reads tags and audio properties of the file at `path` into `out`. Returns BL_TAGS_OK or one of
// the BL_TAGS_* errors; on error `out` is zeroed. Always pair with bl_tags_free. Thread-safe for
// distinct `out` values; never writes to stdout or stderr.
int bl_tags_read(const char *path, struct bl_tags *out);

// Frees the strings of a filled (or zeroed) bl_tags and zeroes it.
void bl_tags_free(struct bl_tags *tags);

// Parses the leading decimal number of a tag value such as "-6.50 dB", "+1,2 dB" or "\u22126.5 dB"
// (Unicode minus), independent of the C locale. Exposed for tests.
bool bl_tags_parse_decimal(const char *text, double *out);

#ifdef __cplusplus
}
#endif

#endif
