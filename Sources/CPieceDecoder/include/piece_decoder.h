#ifndef BLASTOISE_PIECE_DECODER_H
#define BLASTOISE_PIECE_DECODER_H
// A track's piece decoded in the server's own process (libavformat, libavcodec, libswresample):
// no ffmpeg process to start (~60–90 ms, ~200 under load), for a join's first piece. It decodes
// as `ffmpeg -ss S -i FILE -af aresample=RATE` does, S a whole second at least one before the
// piece, so its frames are the whole track's decoding at RATE, frame for frame.

// Codecs whose decoding after a seek is known to be the same as decoding from the start (checked
// against ffmpeg's whole-file decoding): FLAC, MP3, Opus, Vorbis, PCM. Others (AAC: its packets
// after a seek decode differently here) answer BL_PIECE_NOT_HERE.
#define BL_PIECE_NOT_HERE (-2)

// Decodes `frames` frames of `path`'s first audio stream from frame `start`, counted at `rate`
// Hz, as interleaved stereo 32-bit float into `out` (room for `frames` × 2 floats). Returns the
// frames written (fewer at the track's end, 0 past it), BL_PIECE_NOT_HERE, or -1 with a message
// in `error`.
long bl_decode_piece(
    const char *path, int rate, long long start, long frames, float *out, char *error, int error_size);
#endif
