import BlastoiseProtocol
import BlastoiseTestSupport
import Foundation
import Testing

/// Thumbnails of backed-up photos and videos through the real server: libvips (and libheif for
/// HEIC), ffmpeg for a video's frame, files kept under the photos folder until the photo is purged.
@Suite struct PhotoThumbnailTests {
  /// Width and height from a JPEG's start-of-frame marker.
  static func jpegSize(_ bytes: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](bytes)
    guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
    var index = 2
    while index + 9 < bytes.count, bytes[index] == 0xFF {
      let marker = bytes[index + 1]
      let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
      if (0xC0...0xC3).contains(marker) {
        return (Int(bytes[index + 7]) << 8 | Int(bytes[index + 8]), Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]))
      }
      index += 2 + length
    }
    return nil
  }

  static func thumbnail(_ client: APIClient, _ id: String, _ size: PhotoThumbnailSize = .small) async throws
    -> APIClient.Response
  {
    try await client.get(APIRoute.photoThumbnail.path(id) + "?size=\(size.rawValue)")
  }

  static func upload(_ client: APIClient, _ bytes: [UInt8], name: String) async throws -> Photo {
    try await PhotoBackupTests.upload(client, bytes, name: name).json(PhotoUpload.self).photo
  }

  @Test func photosAndVideosHaveUprightThumbnailsOnlyTheirOwnerSees() async throws {
    let fixtures = try TestRun.makeDirectory("photo-thumbnails")
    defer { TestRun.remove(fixtures) }
    let server = try await TestServer()
    let ann = server.client()
    try await ann.signUp("ann")
    let ben = server.client()
    try await ben.signUp("ben")

    // Taken sideways: the camera says "rotate 90°", so the thumbnail stands upright.
    let sideways = try await PhotoFixtures.jpeg(at: fixtures + "/a.jpg", width: 640, height: 480, orientation: 6)
    let photo = try await Self.upload(ann, sideways, name: "a.jpg")
    let small = try await Self.thumbnail(ann, photo.id)
    #expect(small.status == 200 && small.header("Content-Type") == "image/jpeg")
    #expect(Self.jpegSize(small.body).map { [$0.width, $0.height] } == [192, 256])
    #expect(small.header("Cache-Control")?.hasPrefix("private") == true)
    // Never enlarged.
    let large = try await Self.thumbnail(ann, photo.id, .large)
    #expect(Self.jpegSize(large.body).map { [$0.width, $0.height] } == [480, 640])
    let again = try await ann.request(
      "GET", APIRoute.photoThumbnail.path(photo.id), headers: ["If-None-Match": small.header("ETag") ?? "-"])
    #expect(again.status == 304)

    // An iPhone's HEIC, which most browsers cannot show, comes out as JPEG.
    let heicBytes = try await PhotoFixtures.heic(at: fixtures + "/b.heic", seed: 1)
    let heic = try await Self.upload(ann, heicBytes, name: "b.HEIC")
    #expect(heic.contentType == "image/heic")
    let heicThumbnail = try await Self.thumbnail(ann, heic.id)
    #expect(heicThumbnail.status == 200)
    #expect(Self.jpegSize(heicThumbnail.body).map { [$0.width, $0.height] } == [256, 192])

    let video = try await PhotoFixtures.video(at: fixtures + "/c.mp4", creationTime: "2021-03-04T05:06:07Z")
    let clip = try await Self.upload(ann, video, name: "c.mp4")
    let frame = try await Self.thumbnail(ann, clip.id)
    #expect(frame.status == 200)
    #expect(Self.jpegSize(frame.body).map { [$0.width, $0.height] } == [64, 48])

    // Another person, the signed-out and a bad size.
    #expect(try await Self.thumbnail(ben, photo.id).status == 404)
    #expect(try await Self.thumbnail(server.client(), photo.id).status == 401)
    let badSize = try await ann.get(APIRoute.photoThumbnail.path(photo.id) + "?size=999")
    #expect(badSize.status == 400 && badSize.errorMessage?.contains("256") == true)

    // A RAW file is kept as it came; it has no thumbnail, said clearly, twice.
    let raw = [0x49, 0x49, 0x2A, 0x00] + [UInt8](repeating: 7, count: 4096)
    let dng = try await Self.upload(ann, raw, name: "d.dng")
    for _ in 0..<2 {
      let none = try await Self.thumbnail(ann, dng.id)
      #expect(none.status == 404 && none.errorMessage?.contains("d.dng") == true)
    }
    await server.stop()
  }

  @Test func aPurgedPhotoTakesItsThumbnailsWithIt() async throws {
    let fixtures = try TestRun.makeDirectory("photo-thumbnails")
    defer { TestRun.remove(fixtures) }
    let start = 1_700_000_000.0
    let server = try await TestServer(clock: ManualClock(now: start))
    let ann = server.client()
    try await ann.signUp("ann")
    let photo = try await Self.upload(ann, try await PhotoFixtures.jpeg(at: fixtures + "/a.jpg"), name: "a.jpg")
    #expect(try await Self.thumbnail(ann, photo.id).status == 200)
    #expect(try await Self.thumbnail(ann, photo.id, .large).status == 200)
    let thumbnails = server.dataDirectory + "/photos/.thumbnails/" + photo.id.prefix(2)
    #expect(try FileManager.default.contentsOfDirectory(atPath: thumbnails).count == 2)
    #expect(try await ann.request("DELETE", APIRoute.photo.path(photo.id)).status == 200)
    await server.stop()

    // 31 days on, the server purges the trash as it starts.
    let later = try await TestServer(clock: ManualClock(now: start + 31 * 86_400)) {
      $0.dataDirectory = server.dataDirectory
    }
    let deadline = Date().addingTimeInterval(120)  // a hang guard
    while !PhotoBackupTests.files(server.dataDirectory + "/photos").isEmpty, Date() < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(PhotoBackupTests.files(server.dataDirectory + "/photos").isEmpty)
    #expect((try? FileManager.default.contentsOfDirectory(atPath: thumbnails))?.isEmpty ?? true)
    await later.stop()
  }
}
