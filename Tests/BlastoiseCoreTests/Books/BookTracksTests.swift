import BlastoiseCore
import BlastoiseProtocol
import Testing

@Suite struct BookTracksTests {
  static let id = "book:" + String(repeating: "a", count: 32)

  static func book(files: [Double], chapters: [(String, Double, Double)]) -> StoredBook {
    var start = 0.0
    let stored = files.enumerated().map { index, duration in
      defer { start += duration }
      return StoredBookFile(path: "Book/\(index).m4b", duration: duration, start: start, contentType: "audio/mp4")
    }
    return StoredBook(
      id: id, folder: "Book", title: "The Book", author: nil, narrator: nil, duration: start, addedAt: 0,
      files: stored, chapters: chapters.map { BookChapter(title: $0.0, start: $0.1, end: $0.2) })
  }

  @Test func chaptersThatAreWholeFilesAreThoseFiles() {
    let book = Self.book(files: [30, 40], chapters: [("One", 0, 30), ("Two", 30, 70)])
    let parts = book.roomTracks(cuttable: { _ in false })
    #expect(parts.map(\.id) == [.file(bookID: Self.id, index: 0), .file(bookID: Self.id, index: 1)])
    #expect(parts.map(\.title) == ["One", "Two"])
    #expect(parts.map(\.start) == [0, 30] && parts.map(\.chapter) == [0, 1])
  }

  @Test func chaptersInsideOneFileAreCutFromIt() {
    let book = Self.book(files: [10, 60], chapters: [("Intro", 0, 10), ("A", 10, 35), ("B", 35, 70)])
    let parts = book.roomTracks(cuttable: { _ in true })
    #expect(
      parts.map(\.id) == [
        .file(bookID: Self.id, index: 0), .chapter(bookID: Self.id, index: 1), .chapter(bookID: Self.id, index: 2),
      ])
    #expect(parts.map(\.file) == [0, 1, 1])
    #expect(parts.map(\.offsetInFile) == [0, 0, 25])
    #expect(parts.map(\.duration) == [10, 25, 35])
    #expect(parts.map(\.isWholeFile) == [true, false, false])
    #expect(book.roomTrack(.chapter(bookID: Self.id, index: 2), cuttable: { _ in true })?.start == 35)
    // A file is still a part of its own, for a queue that named it before.
    #expect(book.roomTrack(.file(bookID: Self.id, index: 1), cuttable: { _ in true })?.duration == 60)
  }

  @Test func aBookWhoseChaptersCannotBeCutPlaysFileByFile() {
    let uncuttable = Self.book(files: [10, 60], chapters: [("Intro", 0, 10), ("A", 10, 35), ("B", 35, 70)])
    #expect(uncuttable.roomTracks(cuttable: { _ in false }).map(\.title) == ["The Book (1 of 2)", "The Book (2 of 2)"])
    let spanning = Self.book(files: [30, 30], chapters: [("Long", 0, 50), ("Short", 50, 60)])
    #expect(
      spanning.roomTracks(cuttable: { _ in true }).map(\.id) == [
        .file(bookID: Self.id, index: 0), .file(bookID: Self.id, index: 1),
      ])
    let unmarked = Self.book(files: [30], chapters: [])
    #expect(unmarked.roomTracks(cuttable: { _ in true }).map(\.title) == ["The Book"])
    #expect(unmarked.roomTrack(.chapter(bookID: Self.id, index: 0), cuttable: { _ in true }) == nil)
  }

  @Test func aTrackIDNamesTheBookAndThePart() {
    #expect(BookTrackID("\(Self.id):3") == .file(bookID: Self.id, index: 3))
    #expect(BookTrackID("\(Self.id):c12") == .chapter(bookID: Self.id, index: 12))
    #expect(BookTrackID.chapter(bookID: Self.id, index: 12).id == "\(Self.id):c12")
    for id in [
      Self.id, "\(Self.id):", "\(Self.id):-1", "\(Self.id):01", "\(Self.id):c", "\(Self.id):cc1", "\(Self.id):x",
      "book:abc:1", "sha256:ab:1", "\(Self.id):1:2",
    ] {
      #expect(BookTrackID(id) == nil, "\(id)")
    }
  }
}
