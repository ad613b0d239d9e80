import BlastoiseHTTP
import Foundation
import Testing

/// `BodyPolicy.file`: a raw body streamed to a temporary file, whole before the handler runs,
/// gone after it unless the handler moved it, and nothing left of a body that is refused.
@Suite struct RawBodyFileTests {
  private func routes(directory: String, kept: String) -> (inout Router) -> Void {
    { router in
      router.on(.put, "/file", body: .file(maxBytes: 4 << 20, directory: directory)) { request in
        guard let file = request.bodyFile else { return .text("none") }
        let bytes = FileManager.default.contents(atPath: file.temporaryPath).map(Array.init) ?? []
        if request.query["keep"] == "1" { #expect(rename(file.temporaryPath, kept) == 0) }
        return .text("\(file.size) \(bytes == patternBytes(count: file.size, seed: 5))")
      }
    }
  }

  private func leftovers(_ directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix(".body-") }
  }

  @Test func aBodyArrivesWholeOnDiskAndIsRemovedAfterTheHandler() async throws {
    let directory = try makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    let kept = directory + "/kept"
    try await withServer(routes: routes(directory: directory, kept: kept)) { _, port in
      let bytes = patternBytes(count: 3 << 20, seed: 5)
      let response = try await fetch(port: port, "PUT", "/file", headers: ["Content-Type: image/jpeg"], body: bytes)
      #expect(response.status == 200)
      #expect(String(decoding: response.body, as: UTF8.self) == "\(3 << 20) true")
      #expect(leftovers(directory).isEmpty)

      // A handler that moves the file keeps it.
      let moved = try await fetch(port: port, "PUT", "/file?keep=1", body: bytes)
      #expect(String(decoding: moved.body, as: UTF8.self) == "\(3 << 20) true")
      #expect(FileManager.default.contents(atPath: kept).map(Array.init) == bytes)
      #expect(leftovers(directory).isEmpty)

      // No body: no file.
      #expect(String(decoding: try await fetch(port: port, "PUT", "/file").body, as: UTF8.self) == "none")
    }
  }

  @Test func aBodyOverTheCapLeavesNothing() async throws {
    let directory = try makeTemporaryDirectory()
    defer { removeDirectory(directory) }
    try await withServer(routes: routes(directory: directory, kept: directory + "/kept")) { _, port in
      // Declared too large: refused before a byte is written.
      let declared = try await fetch(
        port: port, "PUT", "/file", headers: ["Content-Length: \(5 << 20)", "Expect: 100-continue"])
      #expect(declared.status == 413)
      // Chunked past the cap: refused midway, the partial file removed.
      let socket = try TestSocket(port: port)
      defer { socket.close() }
      var chunked: [UInt8] = []
      let chunk = patternBytes(count: 1 << 20, seed: 5)
      for _ in 0..<5 { chunked += Array("100000\r\n".utf8) + chunk + Array("\r\n".utf8) }
      chunked += Array("0\r\n\r\n".utf8)
      let response = try await socket.exchange(
        "PUT /file HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n", body: chunked)
      #expect(response.status == 413)
      #expect(leftovers(directory).isEmpty)
    }
  }
}
