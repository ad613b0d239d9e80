import BlastoiseHTTP
import Foundation
import Testing

/// What the upload handler saw of each part.
private struct PartReport: Codable, Sendable, Equatable {
  var name: String
  var filename: String?
  var contentType: String?
  var size: Int
  var value: String?
  var temporaryFilePath: String?
  /// For file parts: whether the temporary file held exactly the bytes the test sent.
  var contentMatches: Bool?
}

private struct FormPart {
  var name: String
  var filename: String?
  var contentType: String?
  var bytes: [UInt8]
}

private let boundary = "----BlastoiseTestBoundary7MA4YWxkTrZu0gW"

private func multipartBody(_ parts: [FormPart]) -> [UInt8] {
  var body: [UInt8] = []
  for part in parts {
    var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\""
    if let filename = part.filename { head += "; filename=\"\(filename)\"" }
    head += "\r\n"
    if let contentType = part.contentType { head += "Content-Type: \(contentType)\r\n" }
    body += Array((head + "\r\n").utf8) + part.bytes + Array("\r\n".utf8)
  }
  return body + Array("--\(boundary)--\r\n".utf8)
}

private let multipartType = "Content-Type: multipart/form-data; boundary=\(boundary)"

/// An upload route whose handler reports the parts, comparing file contents with `expected`
/// (file name → bytes).
private func uploadRoutes(directory: String, maxBytes: Int, expected: [String: [UInt8]], calls: Recorder<Int>)
  -> (inout Router) -> Void
{
  { router in
    router.on(.post, "/upload", body: .multipart(maxBytes: maxBytes, directory: directory)) { request in
      calls.append(1)
      let reports = request.multipart.map { part in
        PartReport(
          name: part.name, filename: part.filename, contentType: part.contentType, size: part.size, value: part.value,
          temporaryFilePath: part.temporaryFilePath,
          contentMatches: part.temporaryFilePath.map { path in
            FileManager.default.contents(atPath: path).map(Array.init) == expected[part.filename ?? ""]
          })
      }
      return .json(reports)
    }
  }
}

/// A server with that upload route writing into a fresh directory; `body` gets the port and the
/// directory.
private func withUploadServer(
  maxBytes: Int, expected: [String: [UInt8]] = [:], calls: Recorder<Int> = Recorder(),
  _ body: (UInt16, String) async throws -> Void
) async throws {
  let directory = try makeTemporaryDirectory()
  defer { removeDirectory(directory) }
  try await withServer(
    routes: uploadRoutes(directory: directory, maxBytes: maxBytes, expected: expected, calls: calls)
  ) { _, port in
    try await body(port, directory)
  }
}

/// Files left in `directory`, after giving the server a moment to finish the request.
private func leftoverFiles(in directory: String) async -> [String] {
  let deadline = ContinuousClock.now + .seconds(60)
  while true {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    if files.isEmpty || ContinuousClock.now >= deadline { return files }
    try? await Task.sleep(for: .milliseconds(20))
  }
}

@Test func multipartFileIsStreamedToATemporaryFile() async throws {
  let file = patternBytes(count: 3_000_000)
  let calls = Recorder<Int>()
  try await withUploadServer(maxBytes: 8 << 20, expected: ["song.mp3": file], calls: calls) { port, directory in
    let body = multipartBody([
      FormPart(name: "title", bytes: Array("Bohemian ✓ Rhapsody".utf8)),
      FormPart(name: "file", filename: "song.mp3", contentType: "audio/mpeg", bytes: file),
    ])
    let response = try await fetch(port: port, "POST", "/upload", headers: [multipartType], body: body)
    #expect(response.status == 200)
    let parts = try response.json([PartReport].self)
    try #require(parts.count == 2)
    #expect(parts[0].name == "title")
    #expect(parts[0].value == "Bohemian ✓ Rhapsody")
    #expect(parts[0].filename == nil)
    #expect(parts[0].temporaryFilePath == nil)
    #expect(parts[1].name == "file")
    #expect(parts[1].filename == "song.mp3")
    #expect(parts[1].contentType == "audio/mpeg")
    #expect(parts[1].size == file.count)
    #expect(parts[1].contentMatches == true)
    let path = try #require(parts[1].temporaryFilePath)
    #expect(path.hasPrefix(directory + "/"))

    // The server removes temporary files once the request is over.
    #expect(await leftoverFiles(in: directory) == [])
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}

@Test func multipartWithTwoFilePartsKeepsThemApart() async throws {
  let first = patternBytes(count: 300_000, seed: 1)
  let second = patternBytes(count: 150_001, seed: 2)
  let calls = Recorder<Int>()
  try await withUploadServer(maxBytes: 8 << 20, expected: ["a.flac": first, "b.ogg": second], calls: calls) {
    port, directory in
    let body = multipartBody([
      FormPart(name: "files", filename: "a.flac", contentType: "audio/flac", bytes: first),
      FormPart(name: "files", filename: "b.ogg", contentType: "audio/ogg", bytes: second),
    ])
    let response = try await fetch(port: port, "POST", "/upload", headers: [multipartType], body: body)
    #expect(response.status == 200)
    let parts = try response.json([PartReport].self)
    #expect(parts.map(\.filename) == ["a.flac", "b.ogg"])
    #expect(parts.map(\.size) == [first.count, second.count])
    #expect(parts.map(\.contentMatches) == [true, true])
    #expect(Set(parts.compactMap(\.temporaryFilePath)).count == 2)
    #expect(await leftoverFiles(in: directory) == [])
  }
}

/// `body` sent with chunked transfer encoding, in 256 KiB chunks.
private func chunkedUpload(_ body: [UInt8]) -> [UInt8] {
  var request = Array(
    "POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\n\(multipartType)\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
  for start in stride(from: 0, to: body.count, by: 256 * 1024) {
    let piece = body[start..<min(body.count, start + 256 * 1024)]
    request += Array((String(piece.count, radix: 16) + "\r\n").utf8) + piece + Array("\r\n".utf8)
  }
  return request + Array("0\r\n\r\n".utf8)
}

/// Sends `request` on a new connection; the status, or nil if the server closed without one.
private func statusAfterSending(_ request: [UInt8], port: UInt16) async throws -> Int? {
  let socket = try TestSocket(port: port, timeout: .seconds(120))
  return try await offPool {
    try? socket.sendBlocking(request)  // The server may stop reading once it refused.
    return try? socket.readResponseBlocking().status
  }
}

@Test func multipartOverTheCapIs413AndLeavesNoTemporaryFile() async throws {
  let calls = Recorder<Int>()
  try await withUploadServer(maxBytes: 1 << 20, calls: calls) { port, directory in
    let body = multipartBody([FormPart(name: "file", filename: "big.mp3", bytes: patternBytes(count: 1_500_000))])

    // Declared too large: refused before any byte of the body.
    let declared = try TestSocket(port: port, timeout: .seconds(120))
    let refused = try await declared.exchange(
      "POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\n\(multipartType)\r\nContent-Length: \(body.count)\r\n"
        + "Expect: 100-continue\r\n\r\n")
    #expect(refused.status == 413)

    // Chunked: the file part is already being written to disk when the cap is crossed.
    #expect(try await statusAfterSending(chunkedUpload(body), port: port) == 413)
    #expect(await leftoverFiles(in: directory) == [])

    // Far over the cap, the server hangs up instead of draining; it leaves no file either.
    let huge = multipartBody([FormPart(name: "file", filename: "huge.mp3", bytes: patternBytes(count: 4 << 20))])
    let status = try await statusAfterSending(chunkedUpload(huge), port: port)
    #expect(status == nil || status == 413)
    #expect(await leftoverFiles(in: directory) == [])
    #expect(calls.all.isEmpty)
  }
}

@Test func multipartRouteRefusesOtherContentTypes() async throws {
  try await withUploadServer(maxBytes: 1 << 20) { port, _ in
    let response = try await fetch(
      port: port, "POST", "/upload", headers: ["Content-Type: application/json"], body: Array("{}".utf8))
    #expect(response.status == 415)
  }
}

@Test func oversizedTextFieldIs413() async throws {
  let calls = Recorder<Int>()
  try await withUploadServer(maxBytes: 1 << 20, calls: calls) { port, directory in
    // Fields stay in memory, so they have a cap of their own (64 KiB) below the body's.
    let body = multipartBody([
      FormPart(name: "file", filename: "a.mp3", bytes: patternBytes(count: 10_000)),
      FormPart(name: "comment", bytes: [UInt8](repeating: UInt8(ascii: "x"), count: 100_000)),
    ])
    let response = try await fetch(port: port, "POST", "/upload", headers: [multipartType], body: body)
    #expect(response.status == 413)
    #expect(response.errorMessage == "Form field 'comment' is too large")
    #expect(await leftoverFiles(in: directory) == [])
    #expect(calls.all.isEmpty)
  }
}
