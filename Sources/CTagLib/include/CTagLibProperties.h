#ifndef CTAGLIB_PROPERTIES_H
#define CTAGLIB_PROPERTIES_H

// Every text property TagLib's PropertyMap gives for a file (album artist, track and disc
// numbers, dates, genres, MusicBrainz IDs, sort names, lyrics, …), for the library's catalog.
// Keys are TagLib's ("ALBUMARTIST", "TRACKNUMBER", …) or, for tags it does not know, the tag's
// own name; a key with several values comes once per value. The caller picks what it knows.

#ifdef __cplusplus
extern "C" {
#endif

struct bl_tags;

struct bl_tag_property {
  char *key;    // UTF-8
  char *value;  // UTF-8, as tagged (not trimmed)
};

struct bl_tag_properties {
  struct bl_tag_property *items;
  int count;
};

// bl_tags_read, and the file's properties into `properties` (which may be NULL). On error both
// are zeroed. Pair with bl_tags_free and bl_tag_properties_free.
int bl_tags_read_with_properties(const char *path, struct bl_tags *out, struct bl_tag_properties *properties);

// Frees a filled (or zeroed) bl_tag_properties and zeroes it.
void bl_tag_properties_free(struct bl_tag_properties *properties);

#ifdef __cplusplus
}
#endif

#endif
