#include "MPEGHeader.hpp"

namespace bl {

namespace {

// kbps by [row][bitrate index]; rows: V1 L1, V1 L2, V1 L3, V2/2.5 L1, V2/2.5 L2+L3.
const int kBitrates[5][15] = {
    {0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448},
    {0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384},
    {0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320},
    {0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256},
    {0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160},
};

int bitrateRow(int version, int layer) { return version == 10 ? layer - 1 : (layer == 1 ? 3 : 4); }

const int kSampleRates[3][3] = {{44100, 48000, 32000}, {22050, 24000, 16000}, {11025, 12000, 8000}};

} // namespace

bool parseMPEGHeader(const uint8_t *b, MPEGHeader &out) {
  if (b[0] != 0xFF || (b[1] & 0xE0) != 0xE0) return false;
  int versionBits = (b[1] >> 3) & 3;
  int layerBits = (b[1] >> 1) & 3;
  int bitrateIndex = b[2] >> 4;
  int rateIndex = (b[2] >> 2) & 3;
  int padding = (b[2] >> 1) & 1;
  int emphasis = b[3] & 3;
  if (versionBits == 1 || layerBits == 0 || bitrateIndex == 15 || rateIndex == 3 || emphasis == 2) return false;

  MPEGHeader h;
  h.version = versionBits == 3 ? 10 : (versionBits == 2 ? 20 : 25);
  h.layer = 4 - layerBits;
  bool v1 = h.version == 10;
  h.bitrateKbps = kBitrates[bitrateRow(h.version, h.layer)][bitrateIndex];
  h.sampleRate = kSampleRates[v1 ? 0 : (h.version == 20 ? 1 : 2)][rateIndex];
  h.mono = (b[3] >> 6) == 3;
  if (h.layer == 1) {
    h.samplesPerFrame = 384;
  } else if (h.layer == 2 || v1) {
    h.samplesPerFrame = 1152;
  } else {
    h.samplesPerFrame = 576;
  }
  if (h.bitrateKbps > 0) {
    int64_t bitsPerSecond = int64_t(h.bitrateKbps) * 1000;
    if (h.layer == 1) {
      h.frameLength = int((12 * bitsPerSecond / h.sampleRate + padding) * 4);
    } else {
      // bytes = samples/8 * bitrate / rate: 144 for 1152 samples, 72 for 576.
      h.frameLength = int(int64_t(h.samplesPerFrame / 8) * bitsPerSecond / h.sampleRate + padding);
    }
  }
  if (h.layer == 3) {
    h.sideInfoLength = v1 ? (h.mono ? 17 : 32) : (h.mono ? 9 : 17);
  }
  out = h;
  return true;
}

void mpegBitrateRange(const MPEGHeader &header, int &lowest, int &highest) {
  const int *row = kBitrates[bitrateRow(header.version, header.layer)];
  lowest = row[1];
  highest = row[14];
}

} // namespace bl
