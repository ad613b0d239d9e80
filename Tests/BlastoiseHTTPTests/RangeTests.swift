import BlastoiseHTTP
import Foundation
import Testing

/// A server with `GET /file` serving a generated 1 MiB file through `FileResponse`.
private func withFileServer(_ body: (UInt16, [UInt8]) async throws -> Void) async throws {
  let directory = try makeTemporaryDirectory()
  defer { removeDirectory(directory) }
  let path = directory + "/track.mp3"
  let bytes = patternBytes(count: 1 << 20, seed: 42)
  try Data(bytes).write(to: URL(fileURLWithPath: path))
  try await withServer(routes: { router in
    router.immediate(.get, "/file") { request in
      FileResponse.serve(path: path, for: request, options: .init(contentType: "audio/mpeg"))
    }
    router.immediate(.get, "/missing") { request in
      FileResponse.serve(path: directory + "/nope.mp3", for: request, options: .init(contentType: "audio/mpeg"))
    }
  }) { _, port in
    try await body(port, bytes)
  }
}

private let size = 1 << 20

@Test func fileIsServedWholeWithValidators() async throws {
  try await withFileServer { port, bytes in
    let response = try await fetch(port: port, "/file")
    #expect(response.status == 200)
    #expect(response.header("Content-Length") == String(size))
    #expect(response.header("Accept-Ranges") == "bytes")
    #expect(response.header("Content-Type") == "audio/mpeg")
    let etag = try #require(response.header("ETag"))
    #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.count > 2)
    expectBytes(response.body, bytes)

    let head = try await fetch(port: port, "HEAD", "/file")
    #expect(head.status == 200)
    #expect(head.header("Content-Length") == String(size))
    #expect(head.header("ETag") == etag)

    #expect(try await fetch(port: port, "/missing").status == 404)
  }
}

@Test func satisfiableRangesAnswer206WithThoseBytes() async throws {
  try await withFileServer { port, bytes in
    // (Range header, first, last)
    let cases: [(String, Int, Int)] = [
      ("bytes=0-99", 0, 99),
      ("bytes=100-", 100, size - 1),
      ("bytes=-500", size - 500, size - 1),
      ("bytes=1000-99999999", 1000, size - 1),  // End beyond the file is clamped.
      ("bytes=\(size - 1)-\(size - 1)", size - 1, size - 1),
    ]
    let socket = try TestSocket(port: port)  // All on one connection: file bodies keep it usable.
    for (range, first, last) in cases {
      let response = try await socket.request("/file", headers: ["Range: \(range)"])
      #expect(response.status == 206, "\(range)")
      #expect(response.header("Content-Range") == "bytes \(first)-\(last)/\(size)", "\(range)")
      #expect(response.header("Content-Length") == String(last - first + 1), "\(range)")
      expectBytes(response.body, bytes[first...last], "\(range)")
    }
  }
}

@Test func unsatisfiableOrMalformedRangesAnswer416() async throws {
  try await withFileServer { port, _ in
    for range in ["bytes=5000000-", "bytes=0-10,20-30", "bytes=abc", "bytes=10-5", "bytes=-0", "bytes=\(size)-"] {
      let response = try await fetch(port: port, "/file", headers: ["Range: \(range)"])
      #expect(response.status == 416, "\(range)")
      #expect(response.header("Content-Range") == "bytes */\(size)", "\(range)")
    }
  }
}

@Test func unknownRangeUnitIsIgnored() async throws {
  try await withFileServer { port, bytes in
    let response = try await fetch(port: port, "/file", headers: ["Range: items=0-5"])
    #expect(response.status == 200)
    #expect(response.header("Content-Range") == nil)
    expectBytes(response.body, bytes)
  }
}

@Test func conditionalRequestsUseTheETag() async throws {
  try await withFileServer { port, bytes in
    let etag = try #require(try await fetch(port: port, "HEAD", "/file").header("ETag"))

    let notModified = try await fetch(port: port, "/file", headers: ["If-None-Match: \"other\", \(etag)"])
    #expect(notModified.status == 304)
    #expect(notModified.body.isEmpty)
    #expect(notModified.header("ETag") == etag)

    let changed = try await fetch(port: port, "/file", headers: ["If-None-Match: \"other\""])
    #expect(changed.status == 200)

    // If-Range with the current ETag honours the range; a stale one gets the whole file.
    let current = try await fetch(port: port, "/file", headers: ["Range: bytes=0-9", "If-Range: \(etag)"])
    #expect(current.status == 206)
    expectBytes(current.body, bytes[0...9])
    let stale = try await fetch(port: port, "/file", headers: ["Range: bytes=0-9", "If-Range: \"stale\""])
    #expect(stale.status == 200)
    expectBytes(stale.body, bytes)
  }
}
