#ifndef BL_FILE_READER_HPP
#define BL_FILE_READER_HPP

// Positioned reads over one file descriptor, used by the parsers that check what TagLib
// estimates (MPEG frames, MP4 edit lists, the last FLAC frame).

#include <cstddef>
#include <cstdint>
#include <vector>

namespace bl {

class FileReader {
public:
  explicit FileReader(const char *path);
  ~FileReader();
  FileReader(const FileReader &) = delete;
  FileReader &operator=(const FileReader &) = delete;

  bool isOpen() const { return fd_ >= 0; }
  int64_t size() const { return size_; }
  // Reads exactly `count` bytes at `offset`; false on a short read or an I/O error.
  bool readAt(int64_t offset, void *buffer, size_t count) const;

private:
  int fd_ = -1;
  int64_t size_ = 0;
};

// A sliding window for walking a file front to back in large reads instead of one small read
// per frame header.
class WindowedReader {
public:
  explicit WindowedReader(const FileReader &file, size_t windowSize = 64 * 1024);
  // Pointer to `count` bytes at `offset`, valid until the next call; nullptr past the end of
  // the file or on an I/O error. `count` must not exceed the window size.
  const uint8_t *bytes(int64_t offset, size_t count);

private:
  const FileReader &file_;
  std::vector<uint8_t> buffer_;
  int64_t start_ = 0;
  size_t length_ = 0;
};

inline uint32_t readBE32(const uint8_t *p) {
  return (uint32_t(p[0]) << 24) | (uint32_t(p[1]) << 16) | (uint32_t(p[2]) << 8) | uint32_t(p[3]);
}

inline uint64_t readBE64(const uint8_t *p) { return (uint64_t(readBE32(p)) << 32) | readBE32(p + 4); }

} // namespace bl

#endif
