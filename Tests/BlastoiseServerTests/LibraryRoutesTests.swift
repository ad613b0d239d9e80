import BlastoiseCore
import BlastoiseServer
import Foundation
import Testing

@testable import BlastoiseMedia

/// Library, audio streaming and uploads through the real server.
@Suite struct LibraryRoutesTests {
  static func wav(seconds: Double, frequency: Double, title: String?) -> Data {
    let piece = DemoLibrary.Piece(title: title ?? "", seconds: seconds, notes: [frequency])
    return WAVWriter.wav(
      samples: DemoLibrary.render(piece), sampleRate: DemoLibrary.sampleRate, info: title.map { ["INAM": $0] } ?? [:])
  }

  /// A server whose music folder holds `files`, signed in as its first (admin) user, scan done.
  static func serverWithMusic(
    _ files: [String: Data], clock: any WallClock = SystemClock(), roomClock: any WallClock = SystemClock(),
    configure: (inout ServerConfiguration) -> Void = { _ in }
  ) async throws -> (TestServer, APIClient) {
    let music = try temporaryDirectory()
    for (name, data) in files { try data.write(to: URL(fileURLWithPath: music + "/" + name)) }
    let server = try await TestServer(clock: clock, roomClock: roomClock) {
      $0.musicDirectory = music
      configure(&$0)
    }
    let client = server.client()
    try await client.signUp("owner")
    try await waitForLibrary(client, count: files.count)
    return (server, client)
  }

  static func waitForLibrary(_ client: APIClient, count: Int) async throws {
    for _ in 0..<2400 {  // 60 s: a hang guard
      if try await client.get("/api/library").json([SeedTrack].self).count >= count { return }
      try await Task.sleep(for: .milliseconds(25))
    }
    Issue.record("library never reached \(count) tracks")
  }

  @Test func libraryListsScannedTracksInTheSeedShape() async throws {
    let (server, client) = try await Self.serverWithMusic([
      "tagged.wav": Self.wav(seconds: 1.5, frequency: 440, title: "Tagged <img src=x onerror=alert(1)>"),
      "Plain Name.wav": Self.wav(seconds: 2, frequency: 330, title: nil),
    ])
    let tracks = try await client.get("/api/library").json([SeedTrack].self)
    #expect(Set(tracks.map(\.title)) == ["Tagged <img src=x onerror=alert(1)>", "Plain Name"])
    #expect(tracks.allSatisfy { $0.id.hasPrefix("sha256:") && $0.id.count == 71 && $0.available == true })
    #expect(abs((tracks.first { $0.title == "Plain Name" }?.duration ?? 0) - 2) < 0.05)
    await server.stop()
  }

  @Test func libraryNeedsASession() async throws {
    let (server, _) = try await Self.serverWithMusic([:])
    #expect(try await server.client().get("/api/library").status == 401)
    await server.stop()
  }

  @Test func trackBytesComeByIDWithRangesAndCaching() async throws {
    let data = Self.wav(seconds: 1, frequency: 440, title: "Range")
    let (server, client) = try await Self.serverWithMusic(["r.wav": data])
    let id = try #require(try await client.get("/api/library").json([SeedTrack].self).first?.id)
    let path = "/api/tracks/" + id.replacingOccurrences(of: ":", with: "%3A")

    let whole = try await client.get(path)
    #expect(whole.status == 200)
    #expect(whole.body == data)
    #expect(whole.header("Content-Type") == "audio/wav")
    #expect(whole.header("Accept-Ranges") == "bytes")
    #expect(whole.header("ETag") == "\"\(id.dropFirst(7))\"")
    #expect(whole.header("Cache-Control")?.contains("max-age=31536000") == true)

    let cases: [(String, Int, Range<Int>?)] = [
      ("bytes=0-99", 206, 0..<100), ("bytes=100-", 206, 100..<data.count),
      ("bytes=-50", 206, (data.count - 50)..<data.count),
      ("bytes=\(data.count)-", 416, nil), ("bytes=0-1,5-9", 416, nil),
    ]
    for (range, status, slice) in cases {
      let response = try await client.request("GET", path, headers: ["Range": range])
      #expect(response.status == status, "\(range)")
      if let slice { #expect(response.body == data.subdata(in: slice), "\(range)") }
    }
    let cached = try await client.request("GET", path, headers: ["If-None-Match": whole.header("ETag") ?? ""])
    #expect(cached.status == 304)
    await server.stop()
  }

  @Test(arguments: [
    "..%2F..%2Fetc%2Fpasswd", "%2Fetc%2Fpasswd", "r.wav", "sha256:" + String(repeating: "0", count: 64),
    "sha256%3A..%2F..%2Fblastoise.db", "SHA256:ABC",
  ])
  func trackIDsNeverBecomePaths(id: String) async throws {
    // (A NUL, `%00`, is refused earlier, at the HTTP edge, as malformed: see nulInATrackIDIsRefused.)
    let (server, client) = try await Self.serverWithMusic(["r.wav": Self.wav(seconds: 0.5, frequency: 440, title: nil)])
    let response = try await client.get("/api/tracks/" + id)
    #expect(response.status == 404)
    #expect(response.errorMessage != nil)
    await server.stop()
  }
}

extension LibraryRoutesTests {
  @Test func nulInATrackIDIsRefusedAtTheEdge() async throws {
    let (server, client) = try await Self.serverWithMusic(["r.wav": Self.wav(seconds: 0.5, frequency: 440, title: nil)])
    let response = try await client.get("/api/tracks/sha256%3A%00..%2F..%2Fblastoise.db")
    #expect(response.status == 400)
    #expect(response.errorMessage == "Malformed percent-encoding in request target")
    await server.stop()
  }
}

/// The seed client's `Track`.
struct SeedTrack: Codable {
  var id: String
  var filename: String
  var title: String
  var duration: Double
  var artist: String?
  var album: String?
  var available: Bool?
}
