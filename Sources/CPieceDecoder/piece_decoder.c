#include "piece_decoder.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/channel_layout.h>
#include <libswresample/swresample.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int decodes_exactly_after_a_seek(enum AVCodecID codec) {
  switch (codec) {
  case AV_CODEC_ID_FLAC: case AV_CODEC_ID_MP3: case AV_CODEC_ID_OPUS: case AV_CODEC_ID_VORBIS:
  case AV_CODEC_ID_PCM_S16LE: case AV_CODEC_ID_PCM_S24LE: case AV_CODEC_ID_PCM_S32LE:
  case AV_CODEC_ID_PCM_F32LE: case AV_CODEC_ID_PCM_U8:
    return 1;
  default:
    return 0;
  }
}

long bl_decode_piece(
    const char *path, int rate, long long start, long frames, float *out, char *error, int error_size) {
  AVFormatContext *format = NULL;
  AVCodecContext *codec = NULL;
  SwrContext *resampler = NULL;
  AVPacket *packet = av_packet_alloc();
  AVFrame *frame = av_frame_alloc();
  float *block = NULL;
  int capacity = 0;
  long written = -1;
  int status;
#define FAIL(...)                                                                                  \
  do {                                                                                             \
    snprintf(error, error_size, __VA_ARGS__);                                                      \
    written = -1;                                                                                  \
    goto end;                                                                                      \
  } while (0)
  if (!packet || !frame) FAIL("out of memory");
  if ((status = avformat_open_input(&format, path, NULL, NULL)) < 0) FAIL("cannot open: %s", av_err2str(status));
  if ((status = avformat_find_stream_info(format, NULL)) < 0) FAIL("cannot read: %s", av_err2str(status));
  int index = av_find_best_stream(format, AVMEDIA_TYPE_AUDIO, -1, -1, NULL, 0);
  if (index < 0) FAIL("no audio stream");
  AVStream *stream = format->streams[index];
  if (!decodes_exactly_after_a_seek(stream->codecpar->codec_id)) {
    written = BL_PIECE_NOT_HERE;
    goto end;
  }
  const AVCodec *decoder = avcodec_find_decoder(stream->codecpar->codec_id);
  if (!decoder || !(codec = avcodec_alloc_context3(decoder))) FAIL("no decoder");
  if ((status = avcodec_parameters_to_context(codec, stream->codecpar)) < 0) FAIL("bad stream: %s", av_err2str(status));
  codec->pkt_timebase = stream->time_base;
  if ((status = avcodec_open2(codec, decoder, NULL)) < 0) FAIL("cannot decode: %s", av_err2str(status));
  for (unsigned i = 0; i < format->nb_streams; i++)
    if ((int)i != index) format->streams[i]->discard = AVDISCARD_ALL;

  // Time 0 is the file's first sample, as in a decoding of the whole file.
  int input_rate = codec->sample_rate;
  AVRational input_samples = {1, input_rate};
  int64_t origin = format->start_time == AV_NOPTS_VALUE ? 0 : format->start_time;
  long long from = start / rate - 1;  // whole seconds: a whole frame at either rate
  if (from < 0) from = 0;
  if (from > 0) {
    int64_t target = origin + from * AV_TIME_BASE;
    if ((status = avformat_seek_file(format, -1, INT64_MIN, target, target, 0)) < 0)
      FAIL("cannot seek: %s", av_err2str(status));
  }
  AVChannelLayout stereo = AV_CHANNEL_LAYOUT_STEREO;
  if (swr_alloc_set_opts2(&resampler, &stereo, AV_SAMPLE_FMT_FLT, rate, &codec->ch_layout, codec->sample_fmt,
                          input_rate, 0, NULL) < 0 || swr_init(resampler) < 0)
    FAIL("cannot resample");
  long long skip = start - from * (long long)rate;  // output frames before the piece
  long long next_input = from * (long long)input_rate;  // the input frame the resampler takes next
  int64_t origin_samples = av_rescale_q(origin, AV_TIME_BASE_Q, input_samples);
  int draining = 0;
  written = 0;
  while (written < frames) {
    int got = avcodec_receive_frame(codec, frame);
    if (got == AVERROR(EAGAIN)) {
      if (draining) break;
      if (av_read_frame(format, packet) < 0) {
        avcodec_send_packet(codec, NULL);
        draining = 1;
      } else {
        if (packet->stream_index == index) avcodec_send_packet(codec, packet);
        av_packet_unref(packet);
      }
      continue;
    }
    if (got < 0 && got != AVERROR_EOF) FAIL("cannot decode: %s", av_err2str(got));
    const uint8_t *planes[AV_NUM_DATA_POINTERS];
    const uint8_t **input = NULL;
    int count = 0;
    if (got == 0) {
      // Exactly from `next_input`: what was decoded before it (the seek lands before) is left out.
      int64_t pts = frame->best_effort_timestamp;
      long long at = pts == AV_NOPTS_VALUE ? next_input
                                           : av_rescale_q(pts, stream->time_base, input_samples) - origin_samples;
      long long drop = next_input - at;
      int channels = frame->ch_layout.nb_channels;
      if (drop >= frame->nb_samples || channels > AV_NUM_DATA_POINTERS) {
        av_frame_unref(frame);
        continue;
      }
      if (drop < 0) drop = 0;
      int bytes = av_get_bytes_per_sample(frame->format);
      int planar = av_sample_fmt_is_planar(frame->format);
      for (int c = 0; c < (planar ? channels : 1); c++)
        planes[c] = frame->extended_data[c] + drop * bytes * (planar ? 1 : channels);
      input = planes;
      count = frame->nb_samples - (int)drop;
      next_input = at + frame->nb_samples;
    }
    // Once per decoded frame (the resampler keeps what it needs of it); at the end until empty.
    for (;;) {
      int room = swr_get_out_samples(resampler, count);
      if (room > capacity) {
        float *grown = realloc(block, (size_t)room * 2 * sizeof(float));
        if (!grown) FAIL("out of memory");
        block = grown;
        capacity = room;
      }
      uint8_t *output[1] = {(uint8_t *)block};
      int made = room > 0 ? swr_convert(resampler, output, room, input, count) : 0;
      if (made < 0) FAIL("cannot resample");
      int first = 0;
      if (skip > 0) {
        first = skip < made ? (int)skip : made;
        skip -= first;
      }
      long take = made - first;
      if (take > frames - written) take = frames - written;
      if (take > 0) memcpy(out + 2 * written, block + 2 * first, (size_t)take * 2 * sizeof(float));
      written += take;
      if (got == 0 || made == 0 || written >= frames) break;
      input = NULL;
      count = 0;
    }
    if (got == AVERROR_EOF) break;
    av_frame_unref(frame);
  }
end:
  free(block);
  av_frame_free(&frame);
  av_packet_free(&packet);
  swr_free(&resampler);
  avcodec_free_context(&codec);
  avformat_close_input(&format);
  return written;
#undef FAIL
}
