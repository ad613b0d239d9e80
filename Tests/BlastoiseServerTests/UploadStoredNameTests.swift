import Foundation
import Testing

/// The name an upload is stored under keeps it a track: after a restart and rescan it still plays.
@Suite struct UploadStoredNameTests {
  /// Uploads one file, restarts the server on the same folders, rescans, and fetches the track.
  func statusAfterRestart(uploading name: String) async throws -> (upload: Int, stored: [String], track: Int) {
    let (server, client) = try await LibraryRoutesTests.serverWithMusic([:])
    let song = LibraryRoutesTests.wav(seconds: 0.5, frequency: 440, title: nil)
    let uploaded = try await UploadTests.upload(client, [(name, song)])
    guard uploaded.status == 200, let id = try uploaded.json(UploadTests.Outcome.self).tracks.first?.id else {
      await server.stop()
      return (uploaded.status, [], 0)
    }
    let stored = try FileManager.default.contentsOfDirectory(atPath: server.dataDirectory + "/uploads")
    await server.stop()

    let restarted = try await TestServer {
      $0.dataDirectory = server.dataDirectory
      $0.musicDirectory = server.server.configuration.musicDirectory
    }
    let owner = restarted.client()
    #expect(try await owner.logIn("owner").status == 200)
    #expect(try await owner.post("/api/library/scan").status == 200)
    let track = try await owner.get("/api/tracks/\(id)").status
    await restarted.stop()
    return (uploaded.status, stored, track)
  }

  @Test(arguments: ["....wav", "a/..../....wav"])
  func anUploadNamedOnlyByDotsStillPlaysAfterARestart(name: String) async throws {
    let outcome = try await statusAfterRestart(uploading: name)
    #expect(outcome.upload == 200)
    #expect(outcome.stored.allSatisfy { $0.hasSuffix(".wav") && !$0.hasPrefix(".") }, "\(outcome.stored)")
    #expect(outcome.track == 200)
  }

  @Test(arguments: [
    String(repeating: "😀", count: 150) + ".wav",
    "a" + String(repeating: "\u{301}", count: 400) + ".wav",
    String(repeating: "é", count: 300) + ".WAV",
  ])
  func longMultiByteNamesAreShortenedNotRefused(name: String) async throws {
    let outcome = try await statusAfterRestart(uploading: name)
    #expect(outcome.upload == 200)
    #expect(outcome.stored.count == 1)
    for stored in outcome.stored {
      #expect(stored.utf8.count <= 255)
      #expect(stored.lowercased().hasSuffix(".wav"))
    }
    #expect(outcome.track == 200)
  }
}
