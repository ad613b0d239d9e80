import Foundation

/// A file written whole or not at all: a temp file beside it, fdatasync, rename, fsync of the
/// folder; after a crash the file is whole or absent.
public enum DurableFile {
  public struct WriteError: Error, CustomStringConvertible {
    public let description: String
  }

  public static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
    let folder = (path as NSString).deletingLastPathComponent
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let temporary = folder + "/.\(UUID().uuidString).tmp"
    guard writeSynced(bytes, to: temporary), rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw WriteError(description: "cannot write \(path): \(reason)")
    }
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  /// Writes a new file whole and fdatasyncs it.
  private static func writeSynced(_ bytes: [UInt8], to path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return false }
      var done = 0
      while done < raw.count {
        let count = Glibc.write(descriptor, base + done, raw.count - done)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        done += count
      }
      return fdatasync(descriptor) == 0
    }
  }
}
