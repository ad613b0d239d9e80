import BlastoiseHTTP
import Foundation
import Testing

// File bodies are sent from shared mappings of the files (see FileMappings); these tests change
// the files under the server.

private func withServedFile(
  _ bytes: [UInt8], _ body: (_ port: UInt16, _ path: String, _ directory: String) async throws -> Void
) async throws {
  let directory = try makeTemporaryDirectory()
  defer { removeDirectory(directory) }
  let path = directory + "/track.flac"
  try Data(bytes).write(to: URL(fileURLWithPath: path))
  try await withServer(routes: { router in
    router.immediate(.get, "/file") { request in
      FileResponse.serve(path: path, for: request, options: .init(contentType: "audio/flac"))
    }
    router.immediate(.get, "/ok") { _ in .text("ok") }
  }) { _, port in
    try await body(port, path, directory)
  }
}

@Test func aFileChangedOnDiskIsServedWithItsNewBytes() async throws {
  try await withServedFile(patternBytes(count: 300_000, seed: 1)) { port, path, directory in
    #expect(try await fetch(port: port, "/file").status == 200)

    // Rewritten in place, same size: the same inode, so the shared mapping shows the new bytes.
    let rewritten = patternBytes(count: 300_000, seed: 2)
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.write(contentsOf: Data(rewritten))
    try handle.close()
    expectBytes(try await fetch(port: port, "/file").body, rewritten)

    // Replaced by a new file of another size: a new mapping.
    let replacement = patternBytes(count: 123_457, seed: 3)
    try Data(replacement).write(to: URL(fileURLWithPath: directory + "/staged"))
    #expect(rename(directory + "/staged", path) == 0)
    let response = try await fetch(port: port, "/file", headers: ["Range: bytes=1000-"])
    #expect(response.header("Content-Range") == "bytes 1000-123456/123457")
    expectBytes(response.body, replacement[1000...])
  }
}

@Test func aFileTruncatedWhileBeingSentEndsOnlyThatResponse() async throws {
  // Larger than what loopback socket buffers hold, so most of it is still unsent when the file
  // shrinks.
  let size = 24 << 20
  try await withServedFile(patternBytes(count: size, seed: 9)) { port, path, _ in
    let socket = try TestSocket(port: port)
    try await socket.send("GET /file HTTP/1.1\r\nHost: test\r\n\r\n")
    let received = try await offPool { () -> Int in
      let head = try socket.readUntilBlocking(Array("\r\n\r\n".utf8))
      #expect(String(decoding: head, as: UTF8.self).contains("Content-Length: \(size)"))
      _ = try socket.readExactlyBlocking(64 * 1024)
      #expect(truncate(path, 0) == 0)
      return 64 * 1024 + (try socket.readToEndBlocking()).count
    }
    // The server could not send bytes that no longer exist: it closed the connection early.
    #expect(received < size)

    // And it goes on serving, the shrunken file included (empty bodies take the descriptor path).
    #expect(try await fetch(port: port, "/ok").status == 200)
    let empty = try await fetch(port: port, "/file")
    #expect(empty.status == 200)
    #expect(empty.header("Content-Length") == "0")
  }
}
