#include "FileReader.hpp"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bl {

FileReader::FileReader(const char *path) {
  fd_ = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd_ < 0) return;
  struct stat info;
  if (::fstat(fd_, &info) != 0 || !S_ISREG(info.st_mode)) {
    ::close(fd_);
    fd_ = -1;
    return;
  }
  size_ = info.st_size;
}

FileReader::~FileReader() {
  if (fd_ >= 0) ::close(fd_);
}

bool FileReader::readAt(int64_t offset, void *buffer, size_t count) const {
  if (fd_ < 0 || offset < 0) return false;
  auto *out = static_cast<uint8_t *>(buffer);
  size_t done = 0;
  while (done < count) {
    ssize_t n = ::pread(fd_, out + done, count - done, offset + int64_t(done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += size_t(n);
  }
  return true;
}

WindowedReader::WindowedReader(const FileReader &file, size_t windowSize)
    : file_(file), buffer_(windowSize) {}

const uint8_t *WindowedReader::bytes(int64_t offset, size_t count) {
  if (offset < 0 || count > buffer_.size() || offset + int64_t(count) > file_.size()) return nullptr;
  if (offset >= start_ && offset + int64_t(count) <= start_ + int64_t(length_)) {
    return buffer_.data() + (offset - start_);
  }
  size_t wanted = size_t(std::min<int64_t>(int64_t(buffer_.size()), file_.size() - offset));
  if (!file_.readAt(offset, buffer_.data(), wanted)) {
    length_ = 0;
    return nullptr;
  }
  start_ = offset;
  length_ = wanted;
  return buffer_.data();
}

} // namespace bl
