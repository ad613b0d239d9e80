// bench/tags/readers: reads audio durations with the CTagLib shim or with libavformat
// (avformat_open_input + avformat_find_stream_info), for accuracy and speed comparisons;
// `taglib-cover` reads the tags and the embedded cover in the one call the scanner makes.
//
//   readers taglib|taglib-cover|avformat FILE...           prints "<seconds>\t<method>\t<path>"
//                                                          per file
//   readers taglib|taglib-cover|avformat --time N FILE...  reads every file N times, prints
//                                                          files/second (best pass)
#include "CTagLib.h"

#include <libavformat/avformat.h>
#include <libavutil/log.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double read_taglib(const char *path, const char **method) {
  struct bl_tags tags;
  int rc = bl_tags_read(path, &tags);
  double seconds = rc == BL_TAGS_OK ? tags.duration_seconds : -1;
  *method = rc == BL_TAGS_OK ? tags.duration_method : "error";
  bl_tags_free(&tags);
  return seconds;
}

static double read_taglib_cover(const char *path, const char **method) {
  struct bl_tags tags;
  struct bl_tag_properties properties;
  struct bl_picture picture;
  int rc = bl_tags_read_with_picture(path, &tags, &properties, 20 << 20, &picture);
  double seconds = rc == BL_TAGS_OK ? tags.duration_seconds : -1;
  *method = rc != BL_TAGS_OK ? "error" : picture.bytes != NULL ? "with-cover" : "no-cover";
  bl_tags_free(&tags);
  bl_tag_properties_free(&properties);
  bl_picture_free(&picture);
  return seconds;
}

static double read_avformat(const char *path, const char **method) {
  AVFormatContext *context = NULL;
  double seconds = -1;
  *method = "error";
  if (avformat_open_input(&context, path, NULL, NULL) != 0) return -1;
  if (avformat_find_stream_info(context, NULL) >= 0 && context->duration != AV_NOPTS_VALUE) {
    seconds = (double)context->duration / AV_TIME_BASE;
    *method = "format-duration";
  }
  avformat_close_input(&context);
  return seconds;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s taglib|taglib-cover|avformat [--time N] FILE...\n", argv[0]);
    return 2;
  }
  av_log_set_level(AV_LOG_QUIET);
  double (*reader)(const char *, const char **) = strcmp(argv[1], "avformat") == 0       ? read_avformat
                                                  : strcmp(argv[1], "taglib-cover") == 0 ? read_taglib_cover
                                                                                         : read_taglib;
  int first = 2, passes = 0;
  if (strcmp(argv[2], "--time") == 0 && argc > 4) {
    passes = atoi(argv[3]);
    first = 4;
  }
  if (passes == 0) {
    for (int i = first; i < argc; i++) {
      const char *method;
      double seconds = reader(argv[i], &method);
      printf("%.6f\t%s\t%s\n", seconds, method, argv[i]);
    }
    return 0;
  }
  double best = 0;
  for (int pass = 0; pass < passes; pass++) {
    double start = now();
    for (int i = first; i < argc; i++) {
      const char *method;
      reader(argv[i], &method);
    }
    double rate = (argc - first) / (now() - start);
    if (rate > best) best = rate;
  }
  printf("%.0f\n", best);
  return 0;
}
