import BlastoiseProtocol
import BlastoiseTestSupport
import Foundation
import Testing

@testable import BlastoiseMedia

/// `GET /api/covers/:id` through the real server: the cover a scanned track carries, resized by
/// libvips on first request, cached for good.
@Suite struct CoverRoutesTests {
  /// A server whose library is one MP3 carrying a 300 × 200 PNG; the PNG's bytes and the track.
  static func serverWithCover() async throws -> (TestServer, APIClient, picture: [UInt8], track: Track) {
    let folder = try TestRun.makeDirectory("cover-source")
    let picture = try await CoverFixtures.image("png", width: 300, height: 200, at: folder + "/cover.png")
    try await CoverFixtures.tone(at: folder + "/plain.mp3")
    try await CoverFixtures.attach(folder + "/cover.png", to: folder + "/plain.mp3", output: folder + "/song.mp3")
    let song = try Data(contentsOf: URL(fileURLWithPath: folder + "/song.mp3"))
    let (server, client) = try await LibraryRoutesTests.serverWithMusic(["song.mp3": song])
    let track = try #require(try await client.get("/api/library").json([Track].self).first)
    return (server, client, picture, track)
  }

  static func path(_ id: String, _ query: String = "") -> String {
    APIRoute.cover.path(id) + (query.isEmpty ? "" : "?" + query)
  }

  @Test func theOriginalIsTheEmbeddedPictureByteForByte() async throws {
    let (server, client, picture, track) = try await Self.serverWithCover()
    let id = try #require(track.coverID)
    let original = try await client.get(Self.path(id, "size=original"))
    #expect(original.status == 200)
    #expect([UInt8](original.body) == picture)
    #expect(original.header("Content-Type") == "image/png")
    #expect(original.header("ETag") == "\"\(id).png\"")
    #expect(original.header("Cache-Control") == "public, max-age=31536000, immutable")
    #expect(original.header("Vary") == nil)
    #expect(try await client.get(Self.path(id)).body == original.body)
    await server.stop()
  }

  @Test func resizedCoversFitTheSizeAndAnswer304ToTheirETag() async throws {
    let (server, client, _, track) = try await Self.serverWithCover()
    let id = try #require(track.coverID)
    for size in [64, 128, 256, 512] {
      let response = try await client.get(Self.path(id, "size=\(size)"))
      #expect(response.status == 200)
      #expect(response.header("Content-Type") == "image/jpeg")
      #expect(response.header("Vary") == "Accept")
      let fitted = try #require(Vips.dimensions(of: [UInt8](response.body)))
      #expect(max(fitted.width, fitted.height) == min(size, 300), "\(size)")
      let etag = try #require(response.header("ETag"))
      #expect(etag == "\"\(id)-\(size).jpg\"")
      let again = try await client.request("GET", Self.path(id, "size=\(size)"), headers: ["If-None-Match": etag])
      #expect(again.status == 304)
      #expect(again.body.isEmpty)
    }
    await server.stop()
  }

  @Test func webPComesWhenAskedForOrAccepted() async throws {
    let (server, client, _, track) = try await Self.serverWithCover()
    let id = try #require(track.coverID)
    let asked = try await client.get(Self.path(id, "size=256&format=webp"))
    #expect(asked.header("Content-Type") == "image/webp")
    #expect(ImageFormat(magic: [UInt8](asked.body)) == .webp)
    #expect(asked.header("Vary") == nil)
    let accepted = try await client.request(
      "GET", Self.path(id, "size=256"), headers: ["Accept": "image/avif,image/webp,image/*;q=0.8"])
    #expect(accepted.header("Content-Type") == "image/webp")
    #expect(accepted.header("Vary") == "Accept")
    #expect(accepted.body == asked.body)
    let refused = try await client.request("GET", Self.path(id, "size=256"), headers: ["Accept": "image/webp;q=0"])
    #expect(refused.header("Content-Type") == "image/jpeg")
    let forced = try await client.request(
      "GET", Self.path(id, "size=256&format=jpeg"), headers: ["Accept": "image/webp"])
    #expect(forced.header("Content-Type") == "image/jpeg")
    await server.stop()
  }

  @Test func badSizesAndFormatsAre400AndUnknownCoversAre404() async throws {
    let (server, client, _, track) = try await Self.serverWithCover()
    let id = try #require(track.coverID)
    let cases: [(String, Int, String)] = [
      (Self.path(id, "size=100"), 400, "size must be one of 64, 128, 256, 512, original"),
      (Self.path(id, "size=64&format=gif"), 400, "format must be one of jpeg, webp"),
      (Self.path(String(repeating: "0", count: 64), "size=64"), 404, "No such cover"),
      (Self.path(String(repeating: "0", count: 64)), 404, "No such cover"),
      (Self.path("abc"), 404, "No such cover"),
      (Self.path("../../blastoise.db"), 404, "No such cover"),
      (Self.path(id.uppercased(), "size=64"), 404, "No such cover"),
    ]
    for (path, status, message) in cases {
      let response = try await client.get(path)
      #expect(response.status == status, "\(path)")
      #expect(response.errorMessage == message, "\(path)")
    }
    await server.stop()
  }

  @Test func coversNeedTheListenPermission() async throws {
    let (server, _, _, track) = try await Self.serverWithCover()
    let response = try await server.client().get(Self.path(try #require(track.coverID), "size=64"))
    #expect(response.status == 401)
    await server.stop()
  }

  @Test func anUploadKeepsItsEmbeddedCover() async throws {
    let (server, client) = try await LibraryRoutesTests.serverWithMusic([:])
    let folder = try TestRun.makeDirectory("cover-upload")
    let picture = try await CoverFixtures.image("jpg", width: 120, height: 120, at: folder + "/cover.jpg")
    try await CoverFixtures.tone(at: folder + "/plain.flac")
    try await CoverFixtures.attach(folder + "/cover.jpg", to: folder + "/plain.flac", output: folder + "/up.flac")
    let upload = try await UploadTests.upload(
      client, [("up.flac", try Data(contentsOf: URL(fileURLWithPath: folder + "/up.flac")))])
    let id = try #require(try upload.json(UploadResult.self).tracks.first?.coverID)
    #expect([UInt8](try await client.get(Self.path(id)).body) == picture)
    await server.stop()
  }
}
