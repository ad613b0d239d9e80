#include "MP4Duration.hpp"

#include "MP4Boxes.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace bl {

namespace {

struct TimeHeader {
  uint64_t timescale = 0;
  uint64_t duration = 0;
};

// mvhd and mdhd share this start: version/flags, two dates, timescale, duration.
bool readTimeHeader(const FileReader &file, const MP4Box &box, TimeHeader &out) {
  uint8_t bytes[32];
  int64_t available = box.end() - box.payload();
  if (available < 20 || !file.readAt(box.payload(), bytes, size_t(std::min<int64_t>(available, 32)))) return false;
  if (bytes[0] == 1) {
    if (available < 32) return false;
    out.timescale = readBE32(bytes + 20);
    out.duration = readBE64(bytes + 24);
  } else {
    out.timescale = readBE32(bytes + 12);
    out.duration = readBE32(bytes + 16);
    if (out.duration == 0xFFFFFFFFu) out.duration = 0;  // "unknown"
  }
  return out.timescale > 0;
}

bool isAudioTrack(const FileReader &file, const MP4Box &mdia) {
  MP4Box hdlr;
  uint8_t bytes[12];
  return findMP4Box(file, mdia.payload(), mdia.end(), "hdlr", hdlr) && hdlr.end() - hdlr.payload() >= 12 &&
         file.readAt(hdlr.payload(), bytes, 12) && memcmp(bytes + 8, "soun", 4) == 0;
}

struct Edit {
  uint64_t segmentDuration;  // movie timescale
  int64_t mediaTime;         // media timescale; -1 for an empty edit (a pause)
};

std::vector<Edit> readEditList(const FileReader &file, const MP4Box &trak) {
  std::vector<Edit> edits;
  MP4Box edts, elst;
  uint8_t head[8];
  if (!findMP4Box(file, trak.payload(), trak.end(), "edts", edts) ||
      !findMP4Box(file, edts.payload(), edts.end(), "elst", elst) || !file.readAt(elst.payload(), head, 8)) {
    return edits;
  }
  bool wide = head[0] == 1;
  size_t entrySize = wide ? 20 : 12;
  uint32_t count = std::min<uint32_t>(readBE32(head + 4), 1024);
  std::vector<uint8_t> table(count * entrySize);
  if (elst.payload() + 8 + int64_t(table.size()) > elst.end() ||
      !file.readAt(elst.payload() + 8, table.data(), table.size())) {
    return edits;
  }
  for (uint32_t i = 0; i < count; i++) {
    const uint8_t *entry = table.data() + i * entrySize;
    if (wide) {
      edits.push_back({readBE64(entry), int64_t(readBE64(entry + 8))});
    } else {
      edits.push_back({readBE32(entry), int64_t(int32_t(readBE32(entry + 4)))});
    }
  }
  return edits;
}

// Seconds presented by `edits`, or 0 when they do not say.
double presentedSeconds(const std::vector<Edit> &edits, const TimeHeader &movie, const TimeHeader &media) {
  if (edits.size() == 1 && edits[0].mediaTime >= 0) {
    // The usual case: skip the priming, stop before the padding. The media left after the
    // skip bounds it too; some muxers write a zero or rounded segment length.
    const Edit &edit = edits[0];
    uint64_t skip = uint64_t(edit.mediaTime);
    double remaining = media.duration > skip ? double(media.duration - skip) / double(media.timescale) : 0;
    double segment = movie.timescale > 0 ? double(edit.segmentDuration) / double(movie.timescale) : 0;
    if (segment > 0 && remaining > 0) return std::min(segment, remaining);
    return segment > 0 ? segment : remaining;
  }
  if (movie.timescale == 0) return 0;
  uint64_t total = 0;
  for (const Edit &edit : edits) total += edit.segmentDuration;
  return double(total) / double(movie.timescale);
}

} // namespace

MP4Duration measureMP4Duration(const FileReader &file) {
  MP4Duration result;
  MP4Box moov, mvhd;
  TimeHeader movie;
  if (!findMP4Box(file, 0, file.size(), "moov", moov)) return result;
  if (findMP4Box(file, moov.payload(), moov.end(), "mvhd", mvhd)) readTimeHeader(file, mvhd, movie);

  MP4Box trak;
  for (int64_t cursor = moov.payload(); findMP4Box(file, cursor, moov.end(), "trak", trak); cursor = trak.end()) {
    MP4Box mdia, mdhd;
    TimeHeader media;
    if (!findMP4Box(file, trak.payload(), trak.end(), "mdia", mdia) || !isAudioTrack(file, mdia) ||
        !findMP4Box(file, mdia.payload(), mdia.end(), "mdhd", mdhd) || !readTimeHeader(file, mdhd, media)) {
      continue;
    }
    std::vector<Edit> edits = readEditList(file, trak);
    double mediaSeconds = double(media.duration) / double(media.timescale);
    double seconds = edits.empty() ? 0 : presentedSeconds(edits, movie, media);
    // Music edit lists trim priming and padding: a fraction of a second. A list that changes the
    // length by more is damaged or exotic; the media length is the safer figure then.
    if (seconds > 0 && std::abs(seconds - mediaSeconds) <= 1.0) {
      result.method = "mp4-edit-list";
    } else {
      seconds = mediaSeconds;
      result.method = "mp4-mdhd";
    }
    result.found = seconds > 0;
    result.seconds = seconds;
    return result;
  }
  return result;
}

} // namespace bl
