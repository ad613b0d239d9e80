#include <vips/vips.h>

// Swift cannot call C's variadic functions: these fix the options covers use.

static void bl_vips_drop_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
  (void)domain, (void)level, (void)message, (void)data;
}

// Starts libvips once for the process. Only the JPEG, PNG, WebP, GIF, HEIF and TIFF loaders may
// run, whatever the bytes claim to be (covers are sniffed as JPEG, PNG or WebP before they get
// here; photos add the rest); no operation cache (each variant is made once and kept on disk); one
// thread per operation (callers run operations on worker lanes of their own); libvips' warnings
// stay off stderr, the server's log (callers log what failed).
static inline int bl_vips_start(void) {
  if (vips_init("blastoise") != 0) return -1;
  vips_block_untrusted_set(TRUE);
  vips_operation_block_set("VipsForeignLoad", TRUE);
  vips_operation_block_set("VipsForeignLoadJpeg", FALSE);
  vips_operation_block_set("VipsForeignLoadPng", FALSE);
  vips_operation_block_set("VipsForeignLoadWebp", FALSE);
  vips_operation_block_set("VipsForeignLoadNsgif", FALSE);
  vips_operation_block_set("VipsForeignLoadHeif", FALSE);
  vips_operation_block_set("VipsForeignLoadTiff", FALSE);
  vips_cache_set_max(0);
  vips_concurrency_set(1);
  g_log_set_handler("VIPS", G_LOG_LEVEL_MASK, bl_vips_drop_log, NULL);
  return 0;
}

// The image's header only: nothing is decoded. NULL when no allowed loader takes the bytes.
// The image refers to `bytes`, which must outlive it.
static inline VipsImage *bl_vips_header(const void *bytes, size_t length) {
  return vips_image_new_from_buffer(bytes, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

// Shrunk to fit `size` × `size` (never enlarged), turned upright by its orientation tag, in
// sRGB. A damaged or truncated image fails instead of coming out grey; decoding happens when the
// result is saved. (libvips 8.14's thumbnail_buffer does not pass its own `fail_on` on to the
// loader; the option string does.)
static inline int bl_vips_thumbnail(const void *bytes, size_t length, int size, VipsImage **out) {
  return vips_thumbnail_buffer(
      (void *)bytes, length, out, size, "height", size, "size", VIPS_SIZE_DOWN, "option_string", "fail_on=error",
      NULL);
}

// A photo file shrunk to fit `size` × `size` (never enlarged), upright, in sRGB; refused when its
// header says more than `max_pixels`. Loaders shrink while decoding where they can (JPEG, HEIF's
// own thumbnail), so a 12-megapixel photo is never decoded whole. A damaged photo still shows
// what can be decoded of it. The file is opened as a source, by its path as it is: libvips's own
// file names read "name[options]", so a photo named with brackets was taken for load options (one
// such name tripped an assertion inside libvips that aborted the server).
static inline int bl_vips_thumbnail_file(const char *path, int size, double max_pixels, VipsImage **out) {
  VipsSource *source = vips_source_new_from_file(path);
  if (source == NULL) return -1;
  VipsImage *header = vips_image_new_from_source(source, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
  if (header == NULL) {
    g_object_unref(source);
    return -1;
  }
  double pixels = (double)vips_image_get_width(header) * (double)vips_image_get_height(header);
  g_object_unref(header);
  if (pixels > max_pixels) {
    g_object_unref(source);
    vips_error("blastoise", "%.0f megapixels, over the limit", pixels / 1e6);
    return -1;
  }
  // The thumbnail keeps its own reference to the source until it is saved.
  int result = vips_thumbnail_source(source, out, size, "height", size, "size", VIPS_SIZE_DOWN, NULL);
  g_object_unref(source);
  return result;
}

// JPEG has no transparency: transparent pixels become white, not black. Metadata is dropped.
static inline int bl_vips_save_jpeg(VipsImage *image, void **bytes, size_t *length) {
  VipsImage *flat = NULL;
  if (vips_image_hasalpha(image)) {
    VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
    int status = vips_flatten(image, &flat, "background", white, NULL);
    vips_area_unref(VIPS_AREA(white));
    if (status != 0) return status;
    image = flat;
  }
  int status = vips_jpegsave_buffer(image, bytes, length, "Q", 85, "optimize_coding", TRUE, "strip", TRUE, NULL);
  if (flat != NULL) g_object_unref(flat);
  return status;
}

static inline int bl_vips_save_webp(VipsImage *image, void **bytes, size_t *length) {
  return vips_webpsave_buffer(image, bytes, length, "Q", 80, "strip", TRUE, NULL);
}
