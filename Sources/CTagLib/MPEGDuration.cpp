#include "MPEGDuration.hpp"

#include "MPEGHeader.hpp"
#include "MPEGInfoFrame.hpp"
#include "TagBoundaries.hpp"

#include <vector>

namespace bl {

namespace {

struct FirstFrame {
  int64_t offset = -1;
  MPEGHeader header;
  bool freeFormat = false;
};

// The first header whose successor is a consistent header (or the end of the audio), so that a
// stray 0xFFE in tag padding or in a non-audio file is not taken for a stream.
FirstFrame findFirstFrame(WindowedReader &reader, int64_t start, int64_t end) {
  FirstFrame found;
  for (int64_t pos = start; pos + 4 <= end; pos++) {
    const uint8_t *bytes = reader.bytes(pos, 4);
    if (bytes == nullptr) break;
    if (bytes[0] != 0xFF) continue;
    MPEGHeader header;
    if (!parseMPEGHeader(bytes, header)) continue;
    if (header.frameLength == 0) {
      // Free format (no bitrate in the header): we cannot walk it; real ones start right here.
      if (pos == start) found.freeFormat = true;
      continue;
    }
    int64_t next = pos + header.frameLength;
    bool confirmed = next == end;
    if (!confirmed && next + 4 <= end) {
      const uint8_t *nextBytes = reader.bytes(next, 4);
      MPEGHeader nextHeader;
      confirmed = nextBytes != nullptr && parseMPEGHeader(nextBytes, nextHeader) && nextHeader.frameLength > 0 &&
                  nextHeader.sameStreamAs(header);
    }
    if (confirmed) {
      found.offset = pos;
      found.header = header;
      return found;
    }
  }
  return found;
}

// Frames from `pos` up to the first thing that is not a frame of the same stream. A last frame
// cut off by the end of the file counts: decoders still output it (FFmpeg does, as a full frame).
int64_t countFrames(WindowedReader &reader, int64_t pos, int64_t end, const MPEGHeader &first) {
  int64_t frames = 0;
  while (pos + 4 <= end) {
    const uint8_t *bytes = reader.bytes(pos, 4);
    MPEGHeader header;
    if (bytes == nullptr || !parseMPEGHeader(bytes, header) || header.frameLength == 0 ||
        !header.sameStreamAs(first)) {
      break;
    }
    frames++;
    pos += header.frameLength;
  }
  return frames;
}

// Whether `frames` frames could fill `bytes` at some mix of this stream's bitrates. A damaged
// info frame can claim millions of frames for a 30 kB file; the room clock must not believe it.
// The bounds are loose (the info frame and stray bytes count too); failing them costs a walk.
bool framesFitStream(int64_t frames, int64_t bytes, const MPEGHeader &header) {
  int lowest = 0, highest = 0;
  mpegBitrateRange(header, lowest, highest);
  double seconds = double(frames) * header.samplesPerFrame / header.sampleRate;
  double kbps = double(bytes) * 8 / seconds / 1000;
  return kbps >= lowest * 0.5 && kbps <= highest * 2.0;
}

} // namespace

MPEGDuration measureMPEGDuration(const FileReader &file) {
  MPEGDuration result;
  int64_t start = audioStartOffset(file);
  int64_t end = audioEndOffset(file, start);
  WindowedReader reader(file);
  FirstFrame first = findFirstFrame(reader, start, end);
  if (first.offset < 0) {
    result.status = first.freeFormat ? MPEGDuration::FreeFormat : MPEGDuration::NoFrames;
    return result;
  }
  const MPEGHeader &header = first.header;
  std::vector<uint8_t> frame(size_t(header.frameLength));
  MPEGInfoFrame info;
  if (file.readAt(first.offset, frame.data(), frame.size())) {
    info = parseMPEGInfoFrame(frame.data(), frame.size(), header);
  }

  int64_t delay = info.hasGaplessInfo ? info.encoderDelay : 0;
  int64_t padding = info.hasGaplessInfo ? info.encoderPadding : 0;
  // A stream shorter than its info frame declares (a cut or interrupted copy) has fewer frames
  // than the header says; count the ones that are there instead.
  int64_t streamBytes = end - first.offset;
  bool cutShort = info.bytes > 0 && streamBytes + header.frameLength < int64_t(info.bytes);
  int64_t frames = 0;
  if (info.present && info.frames > 0 && !cutShort && framesFitStream(info.frames, streamBytes, header)) {
    frames = info.frames;
    result.method = info.hasGaplessInfo ? "xing+lame" : (info.isVBRI ? "vbri" : "xing");
  } else {
    // The info frame itself is silent and decoders drop it, so it is not counted.
    int64_t from = first.offset + (info.present ? header.frameLength : 0);
    frames = countFrames(reader, from, end, header);
    // The padding was added at an end that may no longer be there. Gapless decoders still
    // drop the delay plus the decoder's own 529 samples at the start (which, for a whole file,
    // the LAME padding figure already includes).
    padding = info.hasGaplessInfo ? 529 : 0;
    result.method = "frame-walk";
  }
  int64_t samples = frames * header.samplesPerFrame;
  if (delay + padding < samples) samples -= delay + padding;
  if (samples <= 0) {
    result.status = MPEGDuration::NoFrames;
    return result;
  }
  result.status = MPEGDuration::Found;
  result.seconds = double(samples) / header.sampleRate;
  return result;
}

} // namespace bl
