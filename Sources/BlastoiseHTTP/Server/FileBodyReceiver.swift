import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Streams a raw body to a file as it arrives, so a large upload never sits in memory: a new
/// temporary file (`BodyPolicy.file`), removed unless the handler moved it away, or the end of
/// a file a `BodyAppender` opened (`BodyPolicy.append`), which keeps whatever arrived, also from
/// a client that went away mid-body. A full disk is a 507; a complete body is fsynced before the
/// handler sees it. A temporary file is `flock`ed until it is released, so that
/// `TemporaryBodies.removeAbandoned` can tell one still in use from one a killed server left.
final class FileBodyReceiver: @unchecked Sendable {
  let path: String
  private var fd: Int32
  /// Bytes this body may write (an appended file's room left).
  private let limit: Int
  private let appending: Bool
  private(set) var size = 0
  private(set) var failure: HTTPError?

  init?(temporaryIn directory: String) {
    // A sweep may take the file in the moment between its making and its lock, and remove it:
    // then the lock is on a file no longer there, and another is made.
    for _ in 0..<3 {
      var template = Array("\(directory)/\(TemporaryBodies.prefix)XXXXXX".utf8CString)
      let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
      guard fd >= 0 else { return nil }
      let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      flock(fd, LOCK_EX)
      var held = stat()
      var named = stat()
      guard fstat(fd, &held) == 0, stat(path, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev
      else {
        close(fd)
        continue
      }
      self.fd = fd
      self.path = path
      limit = Int.max
      appending = false
      return
    }
    return nil
  }

  init(appendingTo target: AppendTarget) {
    fd = target.descriptor
    path = target.path
    limit = target.limit
    appending = true
  }

  /// False once a write failed or the body passed the file's limit (`failure` says why); what
  /// fits is written first.
  func feed(_ data: UnsafePointer<CChar>, count: Int) -> Bool {
    guard failure == nil, fd >= 0 else { return false }
    let fitting = min(count, limit - size)
    var written = 0
    while written < fitting {
      let result = write(fd, data + written, fitting - written)
      if result < 0 {
        if errno == EINTR { continue }
        failure = Self.writeFailure(errno)
        return false
      }
      written += result
      size += result
    }
    if fitting < count { failure = HTTPError(.payloadTooLarge, "This upload takes at most \(limit) more bytes") }
    return failure == nil
  }

  /// The body is complete: durable on disk. An appended file is closed (its handler may lock it
  /// again); a temporary one stays open, and locked, until `release`. Answers how many bytes it
  /// wrote.
  func finish() -> Result<Int, HTTPError> {
    if failure == nil, fsync(fd) != 0 { failure = Self.writeFailure(errno) }
    if appending {
      close(fd)
      fd = -1
    }
    if let failure { return .failure(failure) }
    return .success(size)
  }

  var bodyFile: BodyFile { BodyFile(temporaryPath: path, size: size) }

  /// After the request (or its failure): a temporary file goes unless the handler moved it; an
  /// appended file keeps what arrived, synced.
  func release() {
    if !appending { unlink(path) }
    if fd >= 0 {
      if appending { fsync(fd) }
      close(fd)
    }
    fd = -1
  }

  private static func writeFailure(_ code: Int32) -> HTTPError {
    code == ENOSPC || code == EDQUOT
      ? HTTPError(507, "The server's disk is full")
      : HTTPError(.internalServerError, "Could not write the upload to disk")
  }
}

/// A raw body on disk (`BodyPolicy.file`). The server deletes the file after the handler
/// returns, so a handler that keeps it must move it away.
public struct BodyFile: Sendable, Equatable {
  public let temporaryPath: String
  public let size: Int

  public init(temporaryPath: String, size: Int) {
    self.temporaryPath = temporaryPath
    self.size = size
  }
}

/// Opens the file a `BodyPolicy.append` body goes to, from the request's head, on the HTTP
/// thread before any of the body is read (so it must not wait on anything slow); a thrown error
/// refuses the request. Routes compare equal by `name`.
public struct BodyAppender: Sendable, Equatable {
  public let name: String
  let open: @Sendable (HTTPRequest) throws(HTTPError) -> AppendTarget

  public init(_ name: String, open: @escaping @Sendable (HTTPRequest) throws(HTTPError) -> AppendTarget) {
    self.name = name
    self.open = open
  }

  public static func == (lhs: BodyAppender, rhs: BodyAppender) -> Bool { lhs.name == rhs.name }
}

/// A file opened for a body to be appended to: the descriptor (the server writes at its end and
/// closes it; a lock the opener took goes with it), the bytes it holds, and how many more this
/// body may add.
public struct AppendTarget: Sendable {
  public let path: String
  public let descriptor: Int32
  public let offset: Int
  public let limit: Int

  public init(path: String, descriptor: Int32, offset: Int, limit: Int) {
    self.path = path
    self.descriptor = descriptor
    self.offset = offset
    self.limit = limit
  }
}

/// What a `BodyPolicy.append` body added: `size` bytes at `offset` of the file at `path`.
public struct AppendedBody: Sendable, Equatable {
  public let path: String
  public let offset: Int
  public let size: Int
}
