import Foundation
import Testing

/// `POST /api/upload`: streamed, checked, deduplicated, announced in the library.
@Suite struct UploadTests {
  static func multipart(_ files: [(name: String, data: Data)], boundary: String = "blastoise-test-boundary") -> Data {
    var body = Data()
    for (name, data) in files {
      body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\n".utf8)
      body += Data("Content-Type: application/octet-stream\r\n\r\n".utf8)
      body += data
      body += Data("\r\n".utf8)
    }
    body += Data("--\(boundary)--\r\n".utf8)
    return body
  }

  static func upload(_ client: APIClient, _ files: [(name: String, data: Data)]) async throws -> APIClient.Response {
    try await client.request(
      "POST", "/api/upload", headers: ["Content-Type": "multipart/form-data; boundary=blastoise-test-boundary"],
      bodyData: multipart(files))
  }

  struct Outcome: Decodable {
    let success: Bool
    let tracks: [SeedTrack]
    let duplicates: [SeedTrack]
  }

  func uploadsFolder(_ server: TestServer) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: server.dataDirectory + "/uploads").sorted()
  }

  @Test func uploadedAudioJoinsTheLibraryAndDuplicatesAreNotStoredTwice() async throws {
    let (server, client) = try await LibraryRoutesTests.serverWithMusic([:])
    let song = LibraryRoutesTests.wav(seconds: 1.2, frequency: 523, title: "Uploaded Song")
    let first = try await Self.upload(client, [("../../evil/Ünïcödé song.wav", song)])
    #expect(first.status == 200, "\(first.text)")
    let outcome = try first.json(Outcome.self)
    #expect(outcome.tracks.map(\.title) == ["Uploaded Song"])
    #expect(try uploadsFolder(server) == ["Ünïcödé song.wav"])
    let library = try await client.get("/api/library").json([SeedTrack].self)
    #expect(library.map(\.id) == outcome.tracks.map(\.id))

    let again = try await Self.upload(client, [("other name.wav", song)]).json(Outcome.self)
    #expect(again.tracks.isEmpty)
    #expect(again.duplicates.map(\.id) == outcome.tracks.map(\.id))
    #expect(try uploadsFolder(server) == ["Ünïcödé song.wav"])
    await server.stop()
  }

  @Test func nonAudioIsRefusedAndLeavesNothingBehind() async throws {
    let (server, client) = try await LibraryRoutesTests.serverWithMusic([:])
    let good = LibraryRoutesTests.wav(seconds: 0.5, frequency: 440, title: "Good")
    let fake = try await Self.upload(client, [("good.wav", good), ("virus.mp3", Data("MZ not audio at all".utf8))])
    #expect(fake.status == 415)
    #expect(fake.errorMessage == "'virus.mp3' is not readable audio")
    let wrongType = try await Self.upload(client, [("notes.txt", good)])
    #expect(wrongType.status == 415)
    #expect(try uploadsFolder(server).isEmpty)
    #expect(try await client.get("/api/library").json([SeedTrack].self).isEmpty)
    await server.stop()
  }

  @Test func uploadsOverTheCapAre413AndLeaveNothing() async throws {
    let (server, client) = try await LibraryRoutesTests.serverWithMusic([:]) { $0.maxUploadMegabytes = 1 }
    let big = LibraryRoutesTests.wav(seconds: 30, frequency: 440, title: "Big")  // ~1.3 MB
    let response = try await Self.upload(client, [("big.wav", big)])
    #expect(response.status == 413)
    try await Task.sleep(for: .milliseconds(100))
    #expect(try uploadsFolder(server).isEmpty)
    await server.stop()
  }

  @Test func guestsCannotUpload() async throws {
    let (server, _) = try await LibraryRoutesTests.serverWithMusic([:]) { $0.allowGuests = true }
    let guest = server.client()
    _ = try await guest.get("/api/auth/me")
    let response = try await Self.upload(
      guest, [("a.wav", LibraryRoutesTests.wav(seconds: 0.5, frequency: 440, title: nil))])
    #expect(response.status == 403)
    await server.stop()
  }

  @Test func concurrentUploadsAllLand() async throws {
    let (server, client) = try await LibraryRoutesTests.serverWithMusic([:])
    try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<6 {
        group.addTask {
          let data = LibraryRoutesTests.wav(seconds: 0.4, frequency: 200 + Double(index) * 60, title: "Song \(index)")
          return try await Self.upload(client, [("song \(index).wav", data)]).status
        }
      }
      for try await status in group { #expect(status == 200) }
    }
    #expect(try await client.get("/api/library").json([SeedTrack].self).count == 6)
    #expect(try uploadsFolder(server).count == 6)
    await server.stop()
  }
}
