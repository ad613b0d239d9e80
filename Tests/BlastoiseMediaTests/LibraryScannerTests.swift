import BlastoiseCore
import BlastoiseStore
import BlastoiseTestSupport
import Foundation
import Synchronization
import Testing

@testable import BlastoiseMedia

/// The whole scan against real files and a real SQLite store.
@Suite struct LibraryScannerTests {
  let music: String
  let store: any LibraryStore
  let covers: CoverStore
  let scanner: LibraryScanner

  init() throws {
    let base = TestRun.root + "/scan-\(UUID().uuidString)"
    music = base + "/music"
    try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
    store = try SQLiteStorage(path: base + "/blastoise.db").library
    covers = CoverStore(directory: base + "/covers")
    scanner = LibraryScanner(store: store, covers: covers)
  }

  private func tone(_ name: String, seconds: Double, title: String? = nil, frequency: Double = 440) throws {
    let piece = DemoLibrary.Piece(title: title ?? name, seconds: seconds, notes: [frequency])
    let info = title.map { ["INAM": $0] } ?? [:]
    let data = WAVWriter.wav(samples: DemoLibrary.render(piece), sampleRate: DemoLibrary.sampleRate, info: info)
    let path = music + "/" + name
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try data.write(to: URL(fileURLWithPath: path))
  }

  @Test func firstScanReadsEverythingAndTitlesFallBackToFileNames() async throws {
    try tone("One.wav", seconds: 1.5, title: "First Tone")
    try tone("Sub/Two Untagged.wav", seconds: 2.25)
    let summary = try await scanner.scan(roots: [music])
    #expect(summary.added == 2)
    let tracks = try await store.tracks()
    #expect(Set(tracks.map(\.title)) == ["First Tone", "Two Untagged"])
    #expect(tracks.allSatisfy { TrackID.isValid($0.id) && $0.available })
    let two = try #require(tracks.first { $0.title == "Two Untagged" })
    #expect(abs(two.duration - 2.25) < 0.05)
    #expect(two.filename == "Two Untagged.wav")
  }

  @Test func rescanSkipsUnchangedFiles() async throws {
    try tone("a.wav", seconds: 1)
    try tone("b.wav", seconds: 1, frequency: 330)
    _ = try await scanner.scan(roots: [music])
    let again = try await scanner.scan(roots: [music])
    #expect(again.added == 0)
    #expect(again.unchanged == 2)
  }

  @Test func vanishedFilesBecomeUnavailableAndComeBack() async throws {
    try tone("gone.wav", seconds: 1)
    _ = try await scanner.scan(roots: [music])
    let id = try #require(try await store.tracks().first?.id)
    let path = music + "/gone.wav"
    let kept = try Data(contentsOf: URL(fileURLWithPath: path))
    try FileManager.default.removeItem(atPath: path)
    #expect(try await scanner.scan(roots: [music]).missing == 1)
    #expect(try await store.track(id: id)?.available == false)
    #expect(try await store.filePath(forTrack: id) == nil)
    try kept.write(to: URL(fileURLWithPath: path))
    _ = try await scanner.scan(roots: [music])
    #expect(try await store.track(id: id)?.available == true)
  }

  @Test func sameBytesUnderTwoPathsAreOneTrack() async throws {
    try tone("x.wav", seconds: 1)
    try FileManager.default.copyItem(atPath: music + "/x.wav", toPath: music + "/copy of x.wav")
    _ = try await scanner.scan(roots: [music])
    #expect(try await store.tracks().count == 1)
  }

  @Test func corruptFilesAreSkippedAndTheScanGoesOn() async throws {
    try tone("good.wav", seconds: 1)
    try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: URL(fileURLWithPath: music + "/bad.mp3"))
    let summary = try await scanner.scan(roots: [music])
    #expect(summary.added == 1)
    #expect(summary.skipped == 1)
  }

  /// A file the scan skipped is remembered by path, size and mtime: unchanged, a rescan only
  /// stats it (it is still counted as skipped); changed, it is read again.
  @Test func aSkippedFileIsReadAgainOnlyOnceItChanged() async throws {
    try tone("good.wav", seconds: 1)
    let bad = music + "/bad.wav"
    let junk = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try Data(junk).write(to: URL(fileURLWithPath: bad))
    let reads = ReadLog()
    let scanner = LibraryScanner(store: store, covers: covers, log: { _ in }) { file, covers in
      reads.append(file.path)
      return TrackFileReader.read(file, covers: covers)
    }
    #expect(try await scanner.scan(roots: [music]).skipped == 1)
    #expect(reads.count(of: bad) == 1)

    let again = try await scanner.scan(roots: [music])
    #expect(again.skipped == 1 && again.unchanged == 1 && again.added == 0)
    #expect(reads.count(of: bad) == 1, "an unchanged skipped file is not read again")
    // Still listed with the reason found when it was read (the scan log shows it every time).
    let skip = try #require(again.skippedFiles.first)
    #expect(again.skippedFiles.count == 1 && skip.path.hasSuffix("/bad.wav") && !skip.reason.isEmpty)

    try Data(junk + [0]).write(to: URL(fileURLWithPath: bad))
    #expect(try await scanner.scan(roots: [music]).skipped == 1)
    #expect(reads.count(of: bad) == 2, "a changed one is")
    _ = try await scanner.scan(roots: [music])
    #expect(reads.count(of: bad) == 2)

    // Mended: read, added, and no longer remembered as skipped.
    try tone("bad.wav", seconds: 1, frequency: 550)
    let mended = try await scanner.scan(roots: [music])
    #expect(mended.added == 1 && mended.skipped == 0 && mended.skippedFiles.isEmpty)
    #expect(reads.count(of: bad) == 3)
    #expect(reads.count(of: music + "/good.wav") == 1)
  }

  /// A known file overwritten by one that is not audio is skipped once, not at every rescan.
  @Test func aKnownFileThatBrokeIsNotReadAtEveryRescan() async throws {
    try tone("song.wav", seconds: 1)
    let reads = ReadLog()
    let scanner = LibraryScanner(store: store, covers: covers, log: { _ in }) { file, covers in
      reads.append(file.path)
      return TrackFileReader.read(file, covers: covers)
    }
    #expect(try await scanner.scan(roots: [music]).added == 1)
    try Data("not audio at all".utf8).write(to: URL(fileURLWithPath: music + "/song.wav"))
    #expect(try await scanner.scan(roots: [music]).skipped == 1)
    #expect(try await scanner.scan(roots: [music]).skipped == 1)
    #expect(reads.count(of: music + "/song.wav") == 2)
  }

  @Test func progressCountsUpToTheTotal() async throws {
    for index in 0..<5 { try tone("t\(index).wav", seconds: 0.5, frequency: 200 + Double(index) * 50) }
    let seen = ProgressLog()
    _ = try await LibraryScanner(store: store, covers: covers, batchSize: 2).scan(roots: [music]) { seen.append($0) }
    let steps = seen.values
    #expect(steps.first == .init(scanning: true, processed: 0, total: 5))
    #expect(steps.last == .init(scanning: false, processed: 5, total: 5))
    #expect(steps.map(\.processed) == steps.map(\.processed).sorted())
  }
}

/// Paths a scan read, as many times as it read them.
final class ReadLog: Sendable {
  private let paths = Mutex<[String]>([])
  func append(_ path: String) { paths.withLock { $0.append(path) } }
  func count(of path: String) -> Int { paths.withLock { $0.filter { $0 == path }.count } }
}

final class ProgressLog: @unchecked Sendable {
  private let lock = NSLock()
  private var steps: [LibraryScanner.Progress] = []
  func append(_ step: LibraryScanner.Progress) { lock.withLock { steps.append(step) } }
  var values: [LibraryScanner.Progress] { lock.withLock { steps } }
}
