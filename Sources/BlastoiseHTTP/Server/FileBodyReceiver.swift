import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Streams a raw body (`BodyPolicy.file`) to a temporary file in its directory as it arrives,
/// so a large upload never sits in memory. A full disk is a 507 and leaves no file behind; a
/// complete body is fsynced before the handler sees it.
final class FileBodyReceiver: @unchecked Sendable {
  private let path: String
  private var fd: Int32
  private var size = 0
  private(set) var failure: HTTPError?

  init?(directory: String) {
    var template = Array("\(directory)/.body-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
    guard fd >= 0 else { return nil }
    self.fd = fd
    path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// False once a write failed (`failure` says why).
  func feed(_ data: UnsafePointer<CChar>, count: Int) -> Bool {
    guard failure == nil, fd >= 0 else { return false }
    var written = 0
    while written < count {
      let result = write(fd, data + written, count - written)
      if result < 0 {
        if errno == EINTR { continue }
        failure = Self.writeFailure(errno)
        return false
      }
      written += result
    }
    size += count
    return true
  }

  /// The body is complete: durable on disk, closed, handed over.
  func finish() -> Result<BodyFile, HTTPError> {
    if let failure { return .failure(failure) }
    if fsync(fd) != 0 { failure = Self.writeFailure(errno) }
    close(fd)
    fd = -1
    if let failure { return .failure(failure) }
    return .success(BodyFile(temporaryPath: path, size: size))
  }

  /// Removes the file unless the handler moved it away.
  func removeTemporaryFile() {
    if fd >= 0 { close(fd) }
    fd = -1
    unlink(path)
  }

  private static func writeFailure(_ code: Int32) -> HTTPError {
    code == ENOSPC || code == EDQUOT
      ? HTTPError(507, "The server's disk is full; nothing was kept")
      : HTTPError(.internalServerError, "Could not write the upload to disk")
  }
}

/// A raw body on disk (`BodyPolicy.file`). The server deletes the file after the handler
/// returns, so a handler that keeps it must move it away.
public struct BodyFile: Sendable, Equatable {
  public let temporaryPath: String
  public let size: Int
}
