import BlastoiseClient
import BlastoiseProtocol
import BlastoiseTestSupport
import Foundation
import Testing

/// End to end: `blastoise backup` against the real server process, over a folder of photos and
/// videos ffmpeg made: everything lands once, a second run sends nothing, a run killed midway
/// goes on where it was.
@Suite(.serialized) struct BackupCommandTests {
  static let password = "password123"

  static func backup(_ server: ServerProcess, _ folder: String, extra: [String] = []) throws -> ChildProcess {
    try ChildProcess(
      ["backup", folder, "--server", server.base, "--user", "ann", "--device", "camera-card"] + extra,
      environment: ["BLASTOISE_PASSWORD": password])
  }

  static func summary(_ child: ChildProcess) -> String {
    child.errorText.split(separator: "\n").last { $0.hasPrefix("Backed up") }.map(String.init) ?? child.errorText
  }

  /// The journal a run leaves when it was stopped during `name`'s resumable `upload`.
  static func journal(naming upload: String, for name: String, size: Int, in folder: String) throws {
    let modified = try #require(
      try FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.modificationDate] as? Date)
    let fingerprint = "\(name)|\(size)|\(Int64(modified.timeIntervalSince1970 * 1_000))"
    try JSONSerialization.data(withJSONObject: ["checksums": [:], "backedUp": [], "uploads": [fingerprint: upload]])
      .write(to: URL(fileURLWithPath: folder + "/.blastoise-backup.json"))
  }

  @Test func aFolderIsBackedUpOnceAndASecondRunSendsNothing() async throws {
    let folder = try TestRun.makeDirectory("backup-folder")
    defer { TestRun.remove(folder) }
    try FileManager.default.createDirectory(atPath: folder + "/DCIM/100CAMERA", withIntermediateDirectories: true)
    var made: [String: [UInt8]] = [:]
    for index in 1...4 {
      let name = "DCIM/100CAMERA/IMG_000\(index).JPG"
      made[name] = try await PhotoFixtures.jpeg(
        at: folder + "/" + name, seed: index, exifDate: "2016:0\(index):05 10:00:00")
    }
    made["DCIM/clip.mp4"] = try await PhotoFixtures.video(
      at: folder + "/DCIM/clip.mp4", creationTime: "2016-08-01T12:00:00Z")
    try Data("not a photo".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
    try Data([0xFF, 0xD8]).write(to: URL(fileURLWithPath: folder + "/.hidden.jpg"))

    let server = try await ServerProcess()
    let api = try BlastoiseAPI(baseURL: server.base)
    try await api.signUp(username: "ann", password: Self.password)

    let first = try Self.backup(server, folder)
    #expect(try await first.exitStatus(timeout: 300) == 0, "\(first.errorText)")
    #expect(Self.summary(first).hasPrefix("Backed up 5 new"), "\(first.errorText)")
    let photos = try await api.photos().photos
    #expect(Set(photos.map(\.name)) == ["IMG_0001.JPG", "IMG_0002.JPG", "IMG_0003.JPG", "IMG_0004.JPG", "clip.mp4"])
    #expect(photos.allSatisfy { $0.device == "camera-card" })
    for (path, bytes) in made {
      let photo = try #require(photos.first { $0.name == (path as NSString).lastPathComponent })
      let stored = server.directory + "/data/photos/ann/\(photo.month.prefix(4))/\(photo.month.suffix(2))/\(photo.name)"
      #expect(FileManager.default.contents(atPath: stored).map(Array.init) == bytes, "\(path)")
    }

    let second = try Self.backup(server, folder)
    #expect(try await second.exitStatus(timeout: 300) == 0, "\(second.errorText)")
    #expect(Self.summary(second).hasPrefix("Backed up 0 new (0 B); 5 already on the server"), "\(second.errorText)")

    // A new photo, and the journal gone (a fresh copy of the folder): only the new one is sent.
    try FileManager.default.removeItem(atPath: folder + "/.blastoise-backup.json")
    _ = try await PhotoFixtures.jpeg(at: folder + "/DCIM/IMG_0009.JPG", seed: 9, exifDate: "2016:09:09 09:09:09")
    let third = try Self.backup(server, folder, extra: ["--no-videos"])
    #expect(try await third.exitStatus(timeout: 300) == 0, "\(third.errorText)")
    #expect(Self.summary(third).hasPrefix("Backed up 1 new"), "\(third.errorText)")
    #expect(try await api.photos().photos.count == 6)
    #expect(try await server.stop() == 0)
  }

  /// A run stopped halfway through a large file leaves its upload in the journal (saved after
  /// every chunk); here the first half is sent by hand, as that run would have, and the next run
  /// must ask the server where it is and send only the rest.
  @Test func aStoppedRunGoesOnWhereItsUploadWas() async throws {
    let folder = try TestRun.makeDirectory("backup-folder")
    defer { TestRun.remove(folder) }
    // Larger than a whole upload takes: sent resumably, in chunks.
    let big = try await PhotoFixtures.video(at: folder + "/long.mp4", creationTime: "2015-05-05T05:05:05Z", seconds: 10)
    #expect(big.count > 9 << 20)
    let server = try await ServerProcess()
    let api = try BlastoiseAPI(baseURL: server.base)
    try await api.signUp(username: "ann", password: Self.password)

    let half = big.count / 2
    let upload = try await api.startResumableUpload(
      length: big.count, PhotoUploadQuery(name: "long.mp4", device: "camera-card", assetId: "long.mp4"))
    let sent = try await api.continueResumableUpload(
      upload, offset: 0, Data(big[..<half]), sha256: nil)
    #expect(sent.offset == half && sent.photoID == nil)
    try Self.journal(naming: upload, for: "long.mp4", size: big.count, in: folder)

    let run = try Self.backup(server, folder)
    #expect(try await run.exitStatus(timeout: 300) == 0, "\(run.errorText)")
    let megabytes = String(format: "%.1f MB", Double(big.count - half) / 1_000_000)
    #expect(Self.summary(run).hasPrefix("Backed up 1 new (\(megabytes))"), "\(run.errorText)")
    let photos = try await api.photos().photos
    #expect(photos.map(\.name) == ["long.mp4"] && photos.first?.month == "2015-05")
    let stored = server.directory + "/data/photos/ann/2015/05/long.mp4"
    #expect(FileManager.default.contents(atPath: stored).map(Array.init) == big)
    #expect(try await api.resumableUploadOffset(upload) == nil)
    #expect(try await server.stop() == 0)
  }

  /// A server killed while it filed a finished resumable upload keeps every byte but no photo;
  /// the next run, finding the upload complete, has the server file it instead of sending it
  /// again (or, worse, taking it for backed up).
  @Test func anUploadWhoseBytesAllArrivedButWasNotFiledIsFiledByTheNextRun() async throws {
    let folder = try TestRun.makeDirectory("backup-folder")
    defer { TestRun.remove(folder) }
    let big = try await PhotoFixtures.video(at: folder + "/long.mp4", creationTime: "2015-05-05T05:05:05Z", seconds: 10)
    let server = try await ServerProcess()
    let api = try BlastoiseAPI(baseURL: server.base)
    try await api.signUp(username: "ann", password: Self.password)
    let upload = try await api.startResumableUpload(
      length: big.count, PhotoUploadQuery(name: "long.mp4", device: "camera-card", assetId: "long.mp4"))
    // The bytes on the server's disk, as a killed server leaves them: all there, nothing filed.
    let id = try #require(upload.split(separator: "/").last)
    try Data(big).write(to: URL(fileURLWithPath: server.directory + "/data/photos/.incoming/tus/\(id)"))
    #expect(try await api.resumableUploadOffset(upload) == big.count)
    try Self.journal(naming: upload, for: "long.mp4", size: big.count, in: folder)

    let run = try Self.backup(server, folder)
    #expect(try await run.exitStatus(timeout: 300) == 0, "\(run.errorText)")
    #expect(Self.summary(run).hasPrefix("Backed up 1 new (0 B)"), "\(run.errorText)")
    #expect(try await api.photos().photos.map(\.name) == ["long.mp4"])
    let stored = server.directory + "/data/photos/ann/2015/05/long.mp4"
    #expect(FileManager.default.contents(atPath: stored).map(Array.init) == big)
    #expect(try await api.resumableUploadOffset(upload) == nil)
    #expect(try await server.stop() == 0)
  }
}
