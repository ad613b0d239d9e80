import CMicroHTTPD
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Streams a `multipart/form-data` body through libmicrohttpd's post processor: file parts go
/// straight to temporary files in `directory`, small fields stay in memory.
///
/// The post processor calls back for the start of every part, also with no bytes yet, and names
/// the part only by its name and file name: so an empty part followed by one of the same name
/// and file name cannot be told from a part whose first bytes came late, and the two arrive as
/// one part (the multipart fuzzer found this; nothing is lost but the empty part).
final class MultipartReceiver: @unchecked Sendable {
  static let maxFieldBytes = 64 * 1024

  private let directory: String
  private var processor: OpaquePointer?
  private var parts: [MultipartPart] = []
  private var current:
    (name: String, filename: String?, contentType: String?, fd: Int32, path: String?, size: Int, value: [UInt8])?
  private(set) var failure: HTTPError?
  private var temporaryFiles: [String] = []

  init?(connection: OpaquePointer, directory: String) {
    self.directory = directory
    let processor = MHD_create_post_processor(
      connection, 64 * 1024, multipartIterator, Unmanaged.passUnretained(self).toOpaque())
    guard let processor else { return nil }
    self.processor = processor
  }

  /// Feeds body bytes; false once the body is malformed or a write failed.
  func feed(_ data: UnsafePointer<CChar>, count: Int) -> Bool {
    guard failure == nil, let processor else { return false }
    if MHD_post_process(processor, data, count) != .YES, failure == nil {
      failure = HTTPError(.badRequest, "Malformed multipart body")
    }
    return failure == nil
  }

  /// Ends the body and returns its parts; files are closed and fsynced.
  func finish() -> Result<[MultipartPart], HTTPError> {
    if let processor {
      if MHD_destroy_post_processor(processor) != .YES, failure == nil {
        failure = HTTPError(.badRequest, "Malformed or truncated multipart body")
      }
      self.processor = nil
    }
    finishCurrentPart()
    if let failure { return .failure(failure) }
    return .success(parts)
  }

  func removeTemporaryFiles() {
    if let processor { MHD_destroy_post_processor(processor) }
    processor = nil
    if let fd = current?.fd, fd >= 0 { close(fd) }
    current = nil
    for path in temporaryFiles { unlink(path) }
  }

  fileprivate func receive(
    name: String, filename: String?, contentType: String?, bytes: UnsafeRawBufferPointer, offset: UInt64
  ) -> Bool {
    let continuesCurrent = current.map { $0.name == name && $0.filename == filename && (offset > 0 || $0.size == 0) }
    if continuesCurrent != true {
      finishCurrentPart()
      guard startPart(name: name, filename: filename, contentType: contentType) else { return false }
    }
    guard var part = current else { return false }
    if part.fd >= 0, let base = bytes.baseAddress {
      var written = 0
      while written < bytes.count {
        let result = write(part.fd, base + written, bytes.count - written)
        if result < 0 {
          if errno == EINTR { continue }
          failure = HTTPError(.internalServerError, "Could not write the upload to disk")
          return false
        }
        written += result
      }
    } else if part.fd < 0 {
      guard part.value.count + bytes.count <= Self.maxFieldBytes else {
        failure = HTTPError(.payloadTooLarge, "Form field '\(name)' is too large")
        return false
      }
      part.value.append(contentsOf: bytes)
    }
    part.size += bytes.count
    current = part
    return true
  }

  private func startPart(name: String, filename: String?, contentType: String?) -> Bool {
    guard filename != nil else {
      current = (name, nil, contentType, -1, nil, 0, [])
      return true
    }
    var template = Array("\(directory)/.upload-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
    guard fd >= 0 else {
      failure = HTTPError(.internalServerError, "Could not create a temporary file for the upload")
      return false
    }
    let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    temporaryFiles.append(path)
    current = (name, filename, contentType, fd, path, 0, [])
    return true
  }

  private func finishCurrentPart() {
    guard let part = current else { return }
    current = nil
    if part.fd >= 0 {
      // Durable before the handler sees it: handlers rename temp files into the library.
      if fsync(part.fd) != 0 { failure = HTTPError(.internalServerError, "Could not save the upload") }
      close(part.fd)
    }
    parts.append(
      MultipartPart(
        name: part.name, filename: part.filename, contentType: part.contentType, temporaryFilePath: part.path,
        size: part.size, value: part.fd >= 0 ? nil : String(decoding: part.value, as: UTF8.self)))
  }
}

private func multipartIterator(
  cls: UnsafeMutableRawPointer?, kind: MHD_ValueKind, key: UnsafePointer<CChar>?,
  filename: UnsafePointer<CChar>?, contentType: UnsafePointer<CChar>?, transferEncoding: UnsafePointer<CChar>?,
  data: UnsafePointer<CChar>?, offset: UInt64, size: Int
) -> MHD_Result {
  guard let cls, let key else { return .NO }
  let receiver = Unmanaged<MultipartReceiver>.fromOpaque(cls).takeUnretainedValue()
  let bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
  let accepted = receiver.receive(
    name: String(cString: key), filename: filename.map { String(cString: $0) },
    contentType: contentType.map { String(cString: $0) }, bytes: bytes, offset: offset)
  return accepted ? .YES : .NO
}
