#ifndef CTAGLIB_PICTURES_H
#define CTAGLIB_PICTURES_H

// Embedded cover art through TagLib's C++ API (TagLib 1.13 has no format-neutral picture API).

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

// bl_picture_read results. Plain macros so Swift imports them as Int32 constants.
#define BL_PICTURE_NONE 0       // no picture, or the file could not be read
#define BL_PICTURE_FOUND 1      // `bytes` holds the picture
#define BL_PICTURE_TOO_LARGE 2  // a picture larger than `max_size`; `size` says how large

struct bl_picture {
  unsigned char *bytes;  // malloc'd; NULL unless BL_PICTURE_FOUND
  size_t size;
};

// Reads the front cover embedded in the file at `path` — or, when none is marked front, the first
// picture: ID3v2 APIC (MP3, WAV), FLAC PICTURE blocks, Ogg METADATA_BLOCK_PICTURE (Vorbis, Opus),
// MP4 `covr`. The bytes are as the tag holds them: the caller checks what they
// are. Always pair with bl_picture_free. Thread-safe; never writes to stdout or stderr.
int bl_picture_read(const char *path, size_t max_size, struct bl_picture *out);

// Frees a filled (or zeroed) bl_picture and zeroes it.
void bl_picture_free(struct bl_picture *picture);

#ifdef __cplusplus
}
#endif

#endif
