import Foundation
import Synchronization

@testable import BlastoiseHTTP

// libFuzzer entry for `multipart/form-data` bodies sent to the real server's upload route
// (libmicrohttpd's post processor feeding `MultipartReceiver`). The first byte says how: bit 0
// set sends the rest as it is (its first line is the boundary), clear builds a form from it
// (`Form`); bit 1 sends the body chunked, in chunks of a size taken from the other bits.
// Besides crashes it traps when the server answers with a 5xx or hangs, when a temporary file
// outlives its request, when a part the handler sees disagrees with its file on disk, and, for a
// built form, when the answer is not 413 exactly when a limit is passed, or the handler does not
// see exactly the parts that were sent (as far as they can be told apart), in order, with
// their bytes.

/// In memory: every file part is fsynced, and on a disk that would be most of an input's time.
private let uploads: String = {
  var template = Array("/dev/shm/blastoise-fuzz-XXXXXX".utf8CString)
  guard let made = mkdtemp(&template) else { fatalError("no temporary directory") }
  atexit { rmdir(uploads) }
  return String(cString: made)
}()

private let maxBodyBytes = 256 * 1024

/// What the handler saw: each part, with the bytes of its file.
private let seen = Mutex<[(part: MultipartPart, file: [UInt8]?)]?>(nil)

private let server = FuzzServer { router in
  router.immediate(.post, "/upload", body: .multipart(maxBytes: maxBodyBytes, directory: uploads)) { request in
    seen.withLock { $0 = request.multipart.map { ($0, $0.temporaryFilePath.flatMap(fileBytes)) } }
    return .text("ok")
  }
}

/// A file's bytes, read with POSIX calls: Foundation's `FileManager.contents(atPath:)` leaks its
/// buffer for an empty file (Swift 6.3.1, found by LeakSanitizer here).
private func fileBytes(_ path: String) -> [UInt8]? {
  let descriptor = open(path, O_RDONLY)
  guard descriptor >= 0 else { return nil }
  defer { close(descriptor) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 64 * 1024)
  while true {
    let count = read(descriptor, &buffer, buffer.count)
    guard count > 0 else { return count == 0 ? bytes : nil }
    bytes += buffer[..<count]
  }
}

/// A form built from fuzz bytes: parts until the bytes run out, each a flags byte (bit 0: a
/// file, bit 1: with a content type, bits 2–7: how many times the content repeats), a name,
/// for files a file name, and the content, each a length byte and that many bytes.
private struct Form {
  struct Part {
    var name: String
    var filename: String?
    var contentType: String?
    var content: [UInt8]
  }

  static let boundary = "fuzz-boundary-8f3a"
  var parts: [Part] = []

  init(_ bytes: ArraySlice<UInt8>) {
    var rest = bytes
    func take(_ count: Int) -> [UInt8] {
      defer { rest = rest.dropFirst(count) }
      return Array(rest.prefix(count))
    }
    func text(_ alphabet: String) -> String {
      let letters = Array(alphabet)
      return String(take(Int(take(1).first ?? 0) % 24).map { letters[Int($0) % letters.count] })
    }
    while let flags = rest.popFirst(), parts.count < 8 {
      let name = text("abcdefghijklmnopqrstuvwxyz0123456789_-")
      let filename = flags & 1 == 1 ? text("abcdefghijklmnopqrstuvwxyz0123456789_-. ") : nil
      let type = flags & 2 == 2 ? ["audio/mpeg", "text/plain", "application/octet-stream"][Int(flags >> 2) % 3] : nil
      let content = take(Int(take(1).first ?? 0))
      parts.append(
        Part(
          name: name, filename: filename, contentType: type,
          content: Array(repeating: content, count: 1 + Int(flags >> 2)).flatMap { $0 }))
    }
  }

  var body: [UInt8] {
    var body: [UInt8] = []
    for part in parts {
      var head = "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\""
      if let filename = part.filename { head += "; filename=\"\(filename)\"" }
      if let type = part.contentType { head += "\r\nContent-Type: \(type)" }
      body += Array((head + "\r\n\r\n").utf8) + part.content + Array("\r\n".utf8)
    }
    return body + Array("--\(Self.boundary)--\r\n".utf8)
  }

  /// The parts as the handler can tell them apart: libmicrohttpd calls back for an empty part as
  /// for the start of one whose bytes have not come yet, so an empty part and the next one of
  /// the same name and file name arrive as one, with the first one's content type.
  var distinguishable: [Part] {
    var result: [Part] = []
    for part in parts {
      if let last = result.last, last.content.isEmpty, last.name == part.name, last.filename == part.filename {
        result[result.count - 1].content = part.content
      } else {
        result.append(part)
      }
    }
    return result
  }

  /// Whether the server must refuse the form as too large.
  var passesALimit: Bool {
    body.count > maxBodyBytes
      || parts.contains { $0.filename == nil && $0.content.count > MultipartReceiver.maxFieldBytes }
  }

  func check(_ status: Int?, _ received: [(part: MultipartPart, file: [UInt8]?)]?) {
    if passesALimit {
      if status != 413 { fatalError("a form over a limit got \(status ?? 0)") }
      return
    }
    let expected = distinguishable
    guard status == 200, let received, received.count == expected.count else {
      let sent = expected.map { "\($0.name) \($0.filename ?? "-") \($0.content.count)" }
      let seen = received?.map { "\($0.part.name) \($0.part.filename ?? "-") \($0.part.size)" }
      fatalError("status \(status ?? 0), sent \(sent), seen \(seen ?? [])")
    }
    for (sent, (part, file)) in zip(expected, received) {
      let same =
        part.name == sent.name && part.filename == sent.filename && part.contentType == sent.contentType
        && part.size == sent.content.count
        && (sent.filename == nil ? part.value == String(decoding: sent.content, as: UTF8.self) : file == sent.content)
      if !same { fatalError("sent \(sent), seen \(part)") }
    }
  }
}

private func request(boundary: String, body: [UInt8], chunkSize: Int?) -> [UInt8] {
  var head = "POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=\(boundary)\r\n"
  guard let chunkSize else { return Array((head + "Content-Length: \(body.count)\r\n\r\n").utf8) + body }
  head += "Transfer-Encoding: chunked\r\n\r\n"
  var bytes = Array(head.utf8)
  for start in stride(from: 0, to: body.count, by: chunkSize) {
    let chunk = body[start..<min(start + chunkSize, body.count)]
    bytes += Array("\(String(chunk.count, radix: 16))\r\n".utf8) + chunk + Array("\r\n".utf8)
  }
  return bytes + Array("0\r\n\r\n".utf8)
}

/// Parts the handler saw must match their files; temporary files must be gone once the request is.
private func checkAfterwards(_ received: [(part: MultipartPart, file: [UInt8]?)]?) {
  for (part, file) in received ?? [] where part.temporaryFilePath != nil && file?.count != part.size {
    fatalError("\(part) has \(file?.count ?? -1) bytes on disk")
  }
  let deadline = ContinuousClock.now + .seconds(60)
  while let left = try? FileManager.default.contentsOfDirectory(atPath: uploads), !left.isEmpty {
    if ContinuousClock.now > deadline { fatalError("temporary files left behind: \(left)") }
    usleep(1000)
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipart(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let input = UnsafeBufferPointer(start: data, count: size)
  let chunkSize = data[0] & 2 == 2 ? 1 + Int(data[0] >> 2) * 7 : nil
  seen.withLock { $0 = nil }
  if data[0] & 1 == 1 {
    let rest = input.dropFirst()
    let line = rest.prefix { $0 != UInt8(ascii: "\n") }
    let boundary = String(decoding: line.filter { $0 != UInt8(ascii: "\r") && $0 != 0 }, as: UTF8.self)
    _ = server.exchange(request(boundary: boundary, body: Array(rest.dropFirst(line.count + 1)), chunkSize: chunkSize))
    checkAfterwards(seen.withLock { $0 })
  } else {
    let form = Form(ArraySlice(input.dropFirst()))
    let body = form.body
    // A part that spells the boundary ends early; that is the sender's mistake.
    guard !form.parts.contains(where: { $0.content.contains(Array(Form.boundary.utf8)) }) else { return 0 }
    let status = FuzzServer.status(
      of: server.exchange(request(boundary: Form.boundary, body: body, chunkSize: chunkSize)))
    let received = seen.withLock { $0 }
    checkAfterwards(received)
    form.check(status, received)
  }
  return 0
}
