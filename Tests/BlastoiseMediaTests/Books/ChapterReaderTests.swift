import BlastoiseCore
import BlastoiseTestSupport
import Foundation
import Testing

@testable import BlastoiseMedia

/// Chapters from real files ffmpeg made: ID3v2 CHAP frames in an MP3, Nero `chpl` and the
/// QuickTime chapter track in an M4B (each read on its own), and nothing from files without.
@Suite struct ChapterReaderTests {
  static let marks = [("Opening", 0.0), ("Ünïcödé – the middle", 2.0), ("End = last; #3", 3.5)]

  static func expectMarks(_ found: [ChapterMark], tolerance: Double = 0.001) {
    #expect(found.map(\.title) == marks.map(\.0))
    for (mark, expected) in zip(found, marks) { #expect(abs(mark.start - expected.1) < tolerance, "\(mark)") }
  }

  @Test func anMP3sChapFramesAreItsChapters() async throws {
    try await TestRun.withDirectory("chapters") { folder in
      let path = folder + "/book.mp3"
      try await BookFixtures.book(at: path, seconds: 5, chapters: Self.marks)
      Self.expectMarks(ChapterReader.chapters(path: path))
    }
  }

  @Test func anM4BsNeroListAndItsQuickTimeTrackBothGiveItsChapters() async throws {
    try await TestRun.withDirectory("chapters") { folder in
      let path = folder + "/book.m4b"
      try await BookFixtures.book(at: path, seconds: 5, chapters: Self.marks)
      Self.expectMarks(ChapterReader.chapters(path: path))
      // The chapter track alone, as Apple's tools write it: `chpl` renamed so it is not found.
      var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      let chpl = Array("chpl".utf8)
      let at = try #require((0..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == chpl })
      bytes.replaceSubrange(at..<at + 4, with: Array("free".utf8))
      let trackOnly = folder + "/apple.m4b"
      try Data(bytes).write(to: URL(fileURLWithPath: trackOnly))
      // Text samples are timed in the track's timescale: ffmpeg's is 1/1000 s.
      Self.expectMarks(ChapterReader.chapters(path: trackOnly))
    }
  }

  @Test func filesWithoutChaptersAndBrokenFilesHaveNone() async throws {
    try await TestRun.withDirectory("chapters") { folder in
      for name in ["plain.mp3", "plain.m4b"] {
        try await BookFixtures.book(at: folder + "/" + name, seconds: 1)
        #expect(ChapterReader.chapters(path: folder + "/" + name).isEmpty, "\(name)")
      }
      let full = folder + "/full.m4b"
      try await BookFixtures.book(at: full, seconds: 5, chapters: Self.marks)
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: full)))
      // Every cut of the file reads without trapping; garbage and a missing file read as none.
      for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 200)) {
        let cut = folder + "/cut.m4b"
        try Data(bytes.prefix(length)).write(to: URL(fileURLWithPath: cut))
        _ = ChapterReader.chapters(path: cut)
      }
      try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(
        to: URL(fileURLWithPath: folder + "/junk.mp3"))
      #expect(ChapterReader.chapters(path: folder + "/junk.mp3").isEmpty)
      #expect(ChapterReader.chapters(path: folder + "/missing.mp3").isEmpty)
    }
  }

  @Test func hostileID3TagsEndTheReadingWithoutTrapping() {
    // A CHAP frame whose size runs past the tag, one too short for its times, and a TIT2
    // sub-frame with an unknown encoding.
    let header: [UInt8] = [0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 60]
    let runaway: [UInt8] = Array("CHAP".utf8) + [0, 0, 0xFF, 0xFF, 0, 0] + [0x63, 0]
    #expect(ID3Chapters.parse(header + runaway + [UInt8](repeating: 0, count: 48)).isEmpty)
    let short: [UInt8] = Array("CHAP".utf8) + [0, 0, 0, 4, 0, 0] + [0x63, 0, 1, 2]
    #expect(ID3Chapters.parse(header + short + [UInt8](repeating: 0, count: 46)).isEmpty)
    let subframe: [UInt8] = Array("TIT2".utf8) + [0, 0, 0, 3, 0, 0] + [9, 0x41, 0]
    let body: [UInt8] =
      [0x63, 0] + [0, 0, 0x03, 0xE8] + [0, 0, 0x07, 0xD0] + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] + subframe
    let chap: [UInt8] = Array("CHAP".utf8) + [0, 0, 0, UInt8(body.count), 0, 0] + body
    let parsed = ID3Chapters.parse(header + chap + [UInt8](repeating: 0, count: 50 - chap.count))
    #expect(parsed == [ChapterMark(start: 1, title: "")])
  }
}
