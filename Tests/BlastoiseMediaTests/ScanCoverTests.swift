import BlastoiseCore
import BlastoiseProtocol
import BlastoiseStore
import BlastoiseTestSupport
import Foundation
import Synchronization
import Testing

@testable import BlastoiseMedia

/// Covers found by a real scan of real files into a real store: embedded pictures, folder images,
/// and pictures that must be passed over without costing the track.
@Suite(.timeLimit(.minutes(2))) struct ScanCoverTests {
  let music: String
  /// Pictures and files the fixtures are made from, outside the library.
  let sources: String
  let store: any LibraryStore
  let covers: CoverStore
  let log = LogLines()

  init() throws {
    let base = try TestRun.makeDirectory("scan-covers")
    music = base + "/music"
    sources = base + "/sources"
    for path in [music, sources] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    store = try SQLiteStorage(path: base + "/blastoise.db").library
    covers = CoverStore(directory: base + "/covers")
  }

  private func scan() async throws -> LibraryScanner.Summary {
    try await LibraryScanner(store: store, covers: covers, log: log.append).scan(roots: [music])
  }

  private func folder(_ name: String) throws -> String {
    let path = music + "/" + name
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  private func coverIDs() async throws -> [String: String?] {
    Dictionary(uniqueKeysWithValues: try await store.tracks().map { ($0.filename, $0.coverID) })
  }

  @Test func aFolderImageIsTheCoverOfEveryTrackBesideIt() async throws {
    let album = try folder("Album")
    let picture = try await CoverFixtures.image("jpg", width: 300, height: 300, at: album + "/Cover.JPG")
    try await CoverFixtures.tone(at: album + "/one.flac")
    try await CoverFixtures.tone(at: album + "/two.ogg")
    try await CoverFixtures.tone(at: try folder("Elsewhere") + "/three.mp3")
    #expect(try await scan().added == 3)
    let id = try #require(CoverDigest.id(of: picture))
    #expect(try await coverIDs() == ["one.flac": id, "two.ogg": id, "three.mp3": nil])
    let original = try #require(covers.original(id))
    #expect(original.format == .jpeg)
    #expect(try CoverFixtures.bytes(original.path) == picture)
  }

  @Test func anEmbeddedPictureWinsOverTheFolderImage() async throws {
    let album = try folder("Album")
    let folderPicture = try await CoverFixtures.image("jpg", width: 100, height: 100, at: album + "/folder.jpg")
    let embedded = try await CoverFixtures.image("png", width: 50, height: 50, at: sources + "/embedded.png")
    try await CoverFixtures.tone(at: album + "/plain.mp3")
    try await CoverFixtures.attach(sources + "/embedded.png", to: album + "/plain.mp3", output: album + "/tagged.mp3")
    _ = try await scan()
    let ids = try await coverIDs()
    #expect(ids["tagged.mp3"] == CoverDigest.id(of: embedded))
    #expect(ids["plain.mp3"] == CoverDigest.id(of: folderPicture))
  }

  @Test func onePictureOnManyTracksIsKeptOnce() async throws {
    let album = try folder("Album")
    _ = try await CoverFixtures.image("png", width: 64, height: 64, at: album + "/cover.png")
    for index in 0..<4 {
      try await CoverFixtures.tone(at: album + "/\(index).m4a", options: ["-af", "volume=0.\(index + 1)"])
    }
    _ = try await scan()
    #expect(Set(try await coverIDs().values).count == 1)
    let kept = try FileManager.default.subpathsOfDirectory(atPath: covers.directory).filter { $0.hasSuffix(".png") }
    #expect(kept.count == 1)
  }

  /// A 20,000 × 20,000 PNG, a truncated JPEG and an HTML page, embedded and as folder images:
  /// each is logged and passed over, every track is scanned, and a refused embedded picture
  /// leaves the folder's image to be the cover.
  @Test func badPicturesAreSkippedWithALogLineAndTheTracksStillScanned() async throws {
    let huge = try await CoverFixtures.hugePNG(at: sources + "/huge.png")
    let jpeg = try await CoverFixtures.image("jpg", width: 400, height: 400, at: sources + "/whole.jpg")
    let html = Array("<!DOCTYPE html><html><title>Cover</title></html>".utf8)
    let good = try await CoverFixtures.image("png", width: 80, height: 80, at: sources + "/good.png")
    try await CoverFixtures.tone(at: sources + "/bare.mp3", options: ["-id3v2_version", "0"])
    let bare = try CoverFixtures.bytes(sources + "/bare.mp3")

    let hugeAlbum = try folder("Huge")
    try Data(CoverFixtures.id3Tag(picture: huge) + bare).write(to: URL(fileURLWithPath: hugeAlbum + "/huge.mp3"))
    try Data(huge).write(to: URL(fileURLWithPath: hugeAlbum + "/cover.png"))

    let truncatedAlbum = try folder("Truncated")
    try Data(jpeg.prefix(jpeg.count / 2)).write(to: URL(fileURLWithPath: truncatedAlbum + "/cover.jpg"))
    try await CoverFixtures.tone(at: truncatedAlbum + "/cut.flac")

    let htmlAlbum = try folder("HTML")
    try Data(html).write(to: URL(fileURLWithPath: htmlAlbum + "/folder.jpg"))
    try await CoverFixtures.tone(at: htmlAlbum + "/page.opus")
    let rescued = try folder("Rescued")
    let mp3 = CoverFixtures.id3Tag(picture: html, mime: "image/jpeg") + bare
    try Data(mp3).write(to: URL(fileURLWithPath: rescued + "/html.mp3"))
    try Data(good).write(to: URL(fileURLWithPath: rescued + "/cover.png"))

    let summary = try await scan()
    #expect(summary.added == 4 && summary.skipped == 0)
    #expect(
      try await coverIDs() == [
        "huge.mp3": nil, "cut.flac": nil, "page.opus": nil, "html.mp3": CoverDigest.id(of: good),
      ])
    let lines = log.all
    let expected = [
      "the picture in \(hugeAlbum)/huge.mp3": "20000 × 20000 pixels",
      "\(hugeAlbum)/cover.png": "20000 × 20000 pixels",
      "\(truncatedAlbum)/cover.jpg": "a truncated jpeg file",
      "\(htmlAlbum)/folder.jpg": "not a JPEG, PNG or WebP image",
      "the picture in \(rescued)/html.mp3": "not a JPEG, PNG or WebP image",
    ]
    for (source, reason) in expected {
      #expect(lines.contains { $0.hasPrefix("scan: skipped \(source) as a cover: \(reason)") }, "\(source): \(lines)")
    }
  }
}

/// Log lines a scan or a cover request wrote.
final class LogLines: Sendable {
  private let lines = Mutex<[String]>([])

  @Sendable func append(_ line: String) { lines.withLock { $0.append(line) } }

  var all: [String] { lines.withLock { $0 } }
}
