import BlastoiseProtocol
import BlastoiseTestSupport
import Foundation
import Testing

/// Photo backup through the real server on loopback: JPEGs, PNGs and MP4s ffmpeg and exiftool
/// made, the real EXIF reader (libexif), SQLite and the photos folder on disk.
@Suite struct PhotoBackupTests {
  static func upload(
    _ client: APIClient, _ bytes: [UInt8], name: String, device: String? = nil, assetId: String? = nil,
    takenAt: String? = nil
  ) async throws -> APIClient.Response {
    let query = PhotoUploadQuery(name: name, device: device, assetId: assetId, takenAt: takenAt)
    return try await client.request(
      "PUT", APIRoute.photoBackup.path(query: query.parameters), headers: ["Content-Type": "application/octet-stream"],
      bodyData: Data(bytes))
  }

  /// Every file under the photos folder but the server's own (arriving bodies, thumbnails).
  static func files(_ root: String) -> [String] {
    let all = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []
    return all.filter { path in
      var isDirectory: ObjCBool = false
      return !path.hasPrefix(".")
        && FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory)
        && !isDirectory.boolValue
    }.sorted()
  }

  /// Bodies still arriving (or left behind).
  static func incoming(_ root: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: root + "/.incoming")) ?? []).filter {
      $0.hasPrefix(".body-")
    }
  }

  @Test func photosAreFiledByWhenTheyWereTakenKeptOnceAndNeverOverwritten() async throws {
    let fixtures = try TestRun.makeDirectory("photo-fixtures")
    defer { TestRun.remove(fixtures) }
    let server = try await TestServer()
    let root = server.dataDirectory + "/photos"
    let ann = server.client()
    try await ann.signUp("ann")
    #expect(try await Self.upload(server.client(), [0xFF, 0xD8, 0xFF], name: "x.jpg").status == 401)

    // 23:30 on 31 July in Oslo: July, though it is August in UTC.
    let first = try await PhotoFixtures.jpeg(
      at: fixtures + "/a.jpg", seed: 1, exifDate: "2019:07:31 23:30:00", offset: "+02:00")
    let stored = try await Self.upload(ann, first, name: "IMG_0001.JPG", device: "pixel", assetId: "a1")
    #expect(stored.status == 201)
    let photo = try stored.json(PhotoUpload.self).photo
    #expect(photo.month == "2019-07" && photo.takenAt == 1_564_608_600_000)
    #expect(photo.contentType == "image/jpeg" && !photo.isVideo && photo.size == Int64(first.count))
    #expect(FileManager.default.contents(atPath: root + "/ann/2019/07/IMG_0001.JPG").map(Array.init) == first)

    // The same bytes again, under another name: nothing new is written.
    let again = try await Self.upload(ann, first, name: "copy.jpg")
    #expect(again.status == 200)
    #expect(try again.json(PhotoUpload.self) == PhotoUpload(photo: photo, existing: true))

    // Other bytes under the same name in the same month: a suffix, never the first file's place.
    let second = try await PhotoFixtures.jpeg(at: fixtures + "/b.jpg", seed: 2, exifDate: "2019:07:02 08:00:00")
    #expect(try await Self.upload(ann, second, name: "IMG_0001.JPG").status == 201)
    #expect(FileManager.default.contents(atPath: root + "/ann/2019/07/IMG_0001 (1).JPG").map(Array.init) == second)
    #expect(FileManager.default.contents(atPath: root + "/ann/2019/07/IMG_0001.JPG").map(Array.init) == first)

    // No date inside: the client's; a video's own creation time.
    let png = try await PhotoFixtures.png(at: fixtures + "/c.png", seed: 3)
    let dated = try await Self.upload(ann, png, name: "screen.png", takenAt: "2020-01-15T12:00:00Z")
    #expect(try dated.json(PhotoUpload.self).photo.month == "2020-01")
    let video = try await PhotoFixtures.video(at: fixtures + "/d.mp4", creationTime: "2021-03-04T05:06:07Z")
    let filmed = try await Self.upload(ann, video, name: "clip.mp4", takenAt: "2000-01-01T00:00:00Z")
    let clip = try filmed.json(PhotoUpload.self).photo
    #expect(clip.month == "2021-03" && clip.isVideo && clip.contentType == "video/mp4")
    #expect(clip.takenAt == 1_614_834_367_000)

    #expect(
      Self.files(root) == [
        "ann/2019/07/IMG_0001 (1).JPG", "ann/2019/07/IMG_0001.JPG", "ann/2020/01/screen.png", "ann/2021/03/clip.mp4",
      ])

    // Not a photo, a path for a name, no name, a bad date: refused, and nothing is left behind.
    let text = try await Self.upload(ann, Array("<html>hello</html>".utf8), name: "page.jpg")
    #expect(text.status == 415)
    #expect(try text.json(ErrorBody.self).error.contains("Not a photo"))
    #expect(try await Self.upload(ann, second, name: "../evil.jpg").status == 400)
    #expect(try await Self.upload(ann, second, name: "a\u{0}b.jpg").status == 400)
    #expect(try await Self.upload(ann, png, name: "x.png", takenAt: "yesterday").status == 400)
    #expect(
      try await ann.request("PUT", "/api/photos/backup?name=x.jpg", headers: ["Content-Type": "image/jpeg"]).status
        == 400)
    #expect(Self.files(root).count == 4)
    #expect(Self.incoming(root).isEmpty)
    await server.stop()
  }

  @Test func aCheckSaysWhatThePhoneMustSend() async throws {
    let fixtures = try TestRun.makeDirectory("photo-fixtures")
    defer { TestRun.remove(fixtures) }
    let server = try await TestServer()
    let ann = server.client()
    try await ann.signUp("ann")
    let bytes = try await PhotoFixtures.jpeg(at: fixtures + "/a.jpg", exifDate: "2022:05:06 07:08:09")
    let photo = try await Self.upload(ann, bytes, name: "IMG_7.JPG", device: "iphone", assetId: "X-1").json(
      PhotoUpload.self
    ).photo
    let items = [
      PhotoCheckEntry(name: "other.jpg", month: "2001-01", sha256: photo.sha256),  // by checksum
      PhotoCheckEntry(name: "IMG_7.JPG", month: "2022-05"),  // iCloud: no size yet
      PhotoCheckEntry(name: "IMG_7.JPG", month: "2022-05", size: Int64(bytes.count)),
      PhotoCheckEntry(name: "IMG_7.JPG", month: "2022-05", size: 12),  // same name, other bytes
      PhotoCheckEntry(name: "IMG_7.JPG", month: "2022-06"),
      PhotoCheckEntry(name: "renamed.jpg", month: "1999-01", device: "iphone", assetId: "X-1"),  // by asset
      PhotoCheckEntry(name: "new.jpg", month: "2022-05", sha256: String(repeating: "0", count: 64)),
    ]
    let body = String(decoding: try JSONEncoder().encode(PhotoCheckRequest(items: items)), as: UTF8.self)
    let answer = try await ann.post(APIRoute.photoBackupCheck.path(), body).json(PhotoCheckAnswer.self)
    #expect(answer.results == ["have", "have", "have", "send", "send", "have", "send"])

    // Another person has none of it.
    let bob = server.client()
    try await bob.signUp("bob")
    #expect(
      try await bob.post(APIRoute.photoBackupCheck.path(), body).json(PhotoCheckAnswer.self).results.allSatisfy {
        $0 == "send"
      })
    // Bad batches are 400s.
    for bad in [
      #"{"items":[{"name":"a.jpg","month":"2022-13"}]}"#, #"{"items":[{"name":"a.jpg"}]}"#,
      #"{"items":[{"name":"a.jpg","month":"2022-01","extra":1}]}"#, #"{"items":"no"}"#,
    ] {
      #expect(try await ann.post(APIRoute.photoBackupCheck.path(), bad).status == 400, "\(bad)")
    }
    await server.stop()
  }

  @Test func photosAreTheirOwnersAloneAndTheTrashGivesThemBack() async throws {
    let fixtures = try TestRun.makeDirectory("photo-fixtures")
    defer { TestRun.remove(fixtures) }
    let server = try await TestServer()
    let admin = server.client()
    try await admin.signUp("root")  // the first account: an admin, who still sees nobody's photos
    let ann = server.client()
    try await ann.signUp("ann")
    var ids: [String] = []
    for day in 1...3 {
      let bytes = try await PhotoFixtures.jpeg(
        at: fixtures + "/\(day).jpg", seed: day, exifDate: "2023:04:0\(day) 10:00:00")
      ids.append(
        try await Self.upload(ann, bytes, name: "d\(day).jpg", device: "pixel").json(PhotoUpload.self).photo.id)
    }
    let first = try await ann.get(APIRoute.photos.path(query: PhotoPageQuery(limit: 2).parameters)).json(PhotoPage.self)
    #expect(first.photos.map(\.name) == ["d3.jpg", "d2.jpg"])
    let next = try #require(first.next)
    let rest = try await ann.get(APIRoute.photos.path(query: PhotoPageQuery(limit: 2, before: next).parameters))
      .json(PhotoPage.self)
    #expect(rest.photos.map(\.name) == ["d1.jpg"] && rest.next == nil)

    let original = try await ann.get(APIRoute.photoOriginal.path(ids[0]))
    #expect(original.status == 200)
    #expect(Array(original.body) == (try PhotoFixtures.bytes(fixtures + "/1.jpg")))
    #expect(original.header("Content-Disposition")?.contains("filename=\"d1.jpg\"") == true)

    for other in [admin] {
      #expect(try await other.get(APIRoute.photo.path(ids[0])).status == 404)
      #expect(try await other.get(APIRoute.photoOriginal.path(ids[0])).status == 404)
      #expect(try await other.request("DELETE", APIRoute.photo.path(ids[0])).status == 404)
      #expect(try await other.get(APIRoute.photos.path()).json(PhotoPage.self).photos.isEmpty)
    }

    let trashed = try await ann.request("DELETE", APIRoute.photo.path(ids[1])).json(Photo.self)
    #expect(trashed.trashedAt != nil)
    #expect(try await ann.get(APIRoute.photos.path()).json(PhotoPage.self).photos.map(\.name) == ["d3.jpg", "d1.jpg"])
    let trash = try await ann.get(APIRoute.photos.path(query: PhotoPageQuery(trashed: true).parameters))
    #expect(try trash.json(PhotoPage.self).photos.map(\.name) == ["d2.jpg"])
    #expect(try await ann.post(APIRoute.photoRestore.path(ids[1])).json(Photo.self).trashedAt == nil)
    #expect(try await ann.get(APIRoute.photos.path()).json(PhotoPage.self).photos.count == 3)

    let status = try await ann.get(APIRoute.photoBackupStatus.path()).json(PhotoBackupStatus.self)
    #expect(status.devices.map(\.name) == ["pixel"] && status.devices[0].photos == 3)
    #expect(status.quotaBytes == nil && status.usedBytes > 0)
    #expect(status.photoCount == 3 && status.trashedCount == 0)
    #expect(try await ann.get(APIRoute.photos.path() + "?limit=0").status == 400)
    #expect(try await ann.get(APIRoute.photos.path() + "?before=nonsense").status == 400)
    await server.stop()
  }

  /// A server stopped between filing a photo and recording it leaves the file with no row; the
  /// same bytes sent again are recorded as that file, not kept a second time beside it.
  @Test func aFileAStoppedServerFiledButNeverRecordedIsTakenNotDuplicated() async throws {
    let fixtures = try TestRun.makeDirectory("photo-fixtures")
    defer { TestRun.remove(fixtures) }
    let bytes = try await PhotoFixtures.jpeg(at: fixtures + "/a.jpg", seed: 5, exifDate: "2019:07:31 10:00:00")
    let server = try await TestServer()
    let ann = server.client()
    try await ann.signUp("ann")
    let root = server.dataDirectory + "/photos"
    try FileManager.default.createDirectory(atPath: root + "/ann/2019/07", withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: root + "/ann/2019/07/IMG_0001.JPG", contents: Data(bytes)))
    // Other bytes under a name taken by a file with no row still get a suffix.
    #expect(FileManager.default.createFile(atPath: root + "/ann/2019/07/IMG_0002.JPG", contents: Data([1, 2, 3])))

    let stored = try await Self.upload(ann, bytes, name: "IMG_0001.JPG")
    #expect(stored.status == 201)
    let other = try await PhotoFixtures.jpeg(at: fixtures + "/b.jpg", seed: 6, exifDate: "2019:07:31 11:00:00")
    #expect(try await Self.upload(ann, other, name: "IMG_0002.JPG").status == 201)
    #expect(
      Self.files(root) == ["ann/2019/07/IMG_0001.JPG", "ann/2019/07/IMG_0002 (1).JPG", "ann/2019/07/IMG_0002.JPG"])
    let original = try await ann.get(APIRoute.photoOriginal.path(try stored.json(PhotoUpload.self).photo.id))
    #expect(Array(original.body) == bytes)
    await server.stop()
  }

  /// A server killed mid-upload leaves the body it was writing; the next one started on the
  /// folder removes it, but never a body another server is still writing (it holds a lock).
  @Test func bodiesAKilledServerLeftAreRemovedAtStartButNotOnesInUse() async throws {
    let first = try await TestServer()
    await first.stop()
    let incoming = first.dataDirectory + "/photos/.incoming"
    let abandoned = incoming + "/.body-abc123"
    let inUse = incoming + "/.body-def456"
    for path in [abandoned, inUse] {
      #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 0xFF, count: 4096)))
    }
    let writer = open(inUse, O_RDONLY)
    defer { close(writer) }
    #expect(flock(writer, LOCK_EX) == 0)

    let server = try await TestServer { $0.dataDirectory = first.dataDirectory }
    let deadline = Date().addingTimeInterval(120)  // a hang guard
    while FileManager.default.fileExists(atPath: abandoned), Date() < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(!FileManager.default.fileExists(atPath: abandoned))
    #expect(FileManager.default.fileExists(atPath: inUse))
    await server.stop()
  }

  @Test func aFullQuotaIs507AndKeepsNothing() async throws {
    let fixtures = try TestRun.makeDirectory("photo-fixtures")
    defer { TestRun.remove(fixtures) }
    let bytes = try await PhotoFixtures.jpeg(
      at: fixtures + "/a.jpg", width: 640, height: 480, exifDate: "2022:01:01 00:00:00")
    let server = try await TestServer { $0.photoQuotaBytes = Int64(bytes.count) + 100 }
    let ann = server.client()
    try await ann.signUp("ann")
    #expect(try await Self.upload(ann, bytes, name: "a.jpg").status == 201)
    let more = try await PhotoFixtures.jpeg(at: fixtures + "/b.jpg", seed: 4, exifDate: "2022:01:02 00:00:00")
    let refused = try await Self.upload(ann, more, name: "b.jpg")
    #expect(refused.status == 507)
    #expect(try refused.json(ErrorBody.self).error.contains("quota"))
    #expect(Self.files(server.dataDirectory + "/photos") == ["ann/2022/01/a.jpg"])
    #expect(Self.incoming(server.dataDirectory + "/photos").isEmpty)
    #expect(try await ann.get(APIRoute.photoBackupStatus.path()).json(PhotoBackupStatus.self).quotaBytes != nil)
    await server.stop()
  }

  /// A full disk (a 1 MiB tmpfs as the photos folder; mounting needs root, as the dev machines
  /// and CI run): the upload that does not fit is a 507 and leaves no part of itself, the photo
  /// that fitted stays.
  @Test(.enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
  func aFullDiskIs507AndKeepsNothing() async throws {
    let fixtures = try TestRun.makeDirectory("photo-fixtures")
    defer { TestRun.remove(fixtures) }
    let small = try await PhotoFixtures.jpeg(at: fixtures + "/a.jpg", exifDate: "2022:01:01 00:00:00")
    let big = try await PhotoFixtures.jpeg(
      at: fixtures + "/b.jpg", seed: 3, width: 1600, height: 1200, noise: true, exifDate: "2022:01:02 00:00:00")
    #expect(big.count > 1 << 20, "the second photo must not fit: \(big.count) bytes")
    let photos = try temporaryDirectory() + "/photos"
    try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
    try await TestTool.run("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", photos])
    try await withAsyncCleanup {
      let server = try await TestServer { $0.photosDirectory = photos }
      let ann = server.client()
      try await ann.signUp("ann")
      #expect(try await Self.upload(ann, small, name: "a.jpg").status == 201)
      let refused = try await Self.upload(ann, big, name: "b.jpg")
      #expect(refused.status == 507)
      #expect(try refused.json(ErrorBody.self).error.contains("full"))
      #expect(Self.files(photos) == ["ann/2022/01/a.jpg"])
      #expect(Self.incoming(photos).isEmpty)
      await server.stop()
    } cleanup: {
      _ = try? await TestTool.run("umount", ["-l", photos])
    }
  }
}
