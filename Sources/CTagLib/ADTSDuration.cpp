#include "ADTSDuration.hpp"

#include "TagBoundaries.hpp"

namespace bl {

namespace {

const int kSampleRates[13] = {96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350};

struct ADTSHeader {
  int rateIndex = 0;
  int channels = 0;
  int profile = 0;
  int frameLength = 0;
  int blocks = 0;

  bool sameStreamAs(const ADTSHeader &other) const {
    return rateIndex == other.rateIndex && channels == other.channels && profile == other.profile;
  }
};

bool parseADTSHeader(const uint8_t *b, ADTSHeader &out) {
  // 12-bit sync, then layer (always 0); the header is 7 bytes, 9 with a CRC.
  if (b[0] != 0xFF || (b[1] & 0xF6) != 0xF0) return false;
  ADTSHeader h;
  h.profile = b[2] >> 6;
  h.rateIndex = (b[2] >> 2) & 0x0F;
  h.channels = ((b[2] & 1) << 2) | (b[3] >> 6);
  h.frameLength = ((b[3] & 3) << 11) | (b[4] << 3) | (b[5] >> 5);
  h.blocks = (b[6] & 3) + 1;
  bool hasCRC = (b[1] & 1) == 0;
  if (h.rateIndex >= 13 || h.frameLength < (hasCRC ? 9 : 7)) return false;
  out = h;
  return true;
}

} // namespace

ADTSStream measureADTS(const FileReader &file) {
  ADTSStream stream;
  int64_t pos = audioStartOffset(file);
  int64_t start = pos;
  int64_t end = audioEndOffset(file, pos);
  WindowedReader reader(file);
  ADTSHeader first;
  int64_t samples = 0;
  // The stream must start right after any ID3v2 tag; stop at the first thing that is not a whole
  // frame of the same stream.
  while (pos + 7 <= end) {
    const uint8_t *bytes = reader.bytes(pos, 7);
    ADTSHeader header;
    if (bytes == nullptr || !parseADTSHeader(bytes, header) || pos + header.frameLength > end) break;
    if (samples == 0) {
      first = header;
    } else if (!header.sameStreamAs(first)) {
      break;
    }
    samples += 1024 * int64_t(header.blocks);
    pos += header.frameLength;
  }
  // A lone sync pattern at the start of some other file is not a stream.
  if (samples < 2 * 1024) return stream;
  stream.found = true;
  stream.sampleRate = kSampleRates[first.rateIndex];
  stream.channels = first.channels;
  stream.seconds = double(samples) / stream.sampleRate;
  stream.bitrateKbps = int(double(pos - start) * 8 / stream.seconds / 1000 + 0.5);
  return stream;
}

} // namespace bl
