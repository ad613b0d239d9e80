#ifndef CTAGLIB_PICTURES_H
#define CTAGLIB_PICTURES_H

// Embedded cover art through TagLib's C++ API (TagLib 1.13 has no format-neutral picture API),
// read from the same open of the file as its tags.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct bl_tags;
struct bl_tag_properties;

// The cover a file embeds. Found: `bytes` (malloc'd) holds `size` bytes, as the tag holds them
// (the caller checks what they are). Larger than the limit: `bytes` is NULL and `size` says how
// large it is. None: both are 0.
struct bl_picture {
  unsigned char *bytes;
  size_t size;
};

// bl_tags_read_with_properties, and from the same open of the file its front cover — or, when
// none is marked front, its first picture — into `picture` (which may be NULL): ID3v2 APIC (MP3,
// WAV, ADTS AAC), FLAC PICTURE blocks, Ogg METADATA_BLOCK_PICTURE (Vorbis, Opus), MP4 `covr`. A
// picture over `max_picture_size` bytes is not copied. On error all three are zeroed. Pair with
// bl_tags_free, bl_tag_properties_free and bl_picture_free. Thread-safe for distinct outputs;
// never writes to stdout or stderr.
int bl_tags_read_with_picture(const char *path, struct bl_tags *out, struct bl_tag_properties *properties,
                              size_t max_picture_size, struct bl_picture *picture);

// Frees a filled (or zeroed) bl_picture and zeroes it.
void bl_picture_free(struct bl_picture *picture);

#ifdef __cplusplus
}
#endif

#endif
