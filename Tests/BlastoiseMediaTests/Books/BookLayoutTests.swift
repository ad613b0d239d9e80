import BlastoiseCore
import BlastoiseProtocol
import Testing

@testable import BlastoiseMedia

/// How files become books: one per folder (one per file at the top), files in disc, track, then
/// natural name order, one timeline, the files' chapters moved onto it or one per file.
@Suite struct BookLayoutTests {
  @Test func aFolderIsOneBookInNaturalOrderWithOneChapterPerUntaggedFile() throws {
    let files = ["Part 10.mp3", "Part 2.mp3", "part 1.mp3"].map {
      BookSourceFile(path: "Ann Author/The Long Book/" + $0, duration: 100)
    }
    let books = BookLayout.books(from: files, now: 7)
    let book = try #require(books.first)
    #expect(books.count == 1)
    #expect(book.title == "The Long Book" && book.author == "Ann Author" && book.addedAt == 7)
    #expect(
      book.files.map(\.path) == ["part 1.mp3", "Part 2.mp3", "Part 10.mp3"].map { "Ann Author/The Long Book/" + $0 })
    #expect(book.files.map(\.start) == [0, 100, 200])
    #expect(book.duration == 300)
    #expect(
      book.chapters == [
        BookChapter(title: "part 1", start: 0, end: 100), BookChapter(title: "Part 2", start: 100, end: 200),
        BookChapter(title: "Part 10", start: 200, end: 300),
      ])
    #expect(BookID.isValid(book.id))
    // The same folder gives the same ID on every scan and node; another folder another.
    #expect(BookLayout.books(from: files, now: 9).first?.id == book.id)
    let moved = files.map { BookSourceFile(path: "Other/" + $0.path, duration: 100) }
    #expect(BookLayout.books(from: moved, now: 9).first?.id != book.id)
  }

  @Test func tagsNameTheBookAndOrderItsFilesAndEmbeddedChaptersMoveOntoTheTimeline() throws {
    let second = BookSourceFile(
      path: "b/zz.m4b", duration: 50, title: "Disc two", album: "Tagged Title", artist: "Reader", trackNumber: 1,
      discNumber: 2, chapters: [ChapterMark(start: 0, title: "Six"), ChapterMark(start: 20, title: " ")])
    let first = BookSourceFile(
      path: "b/aa.m4b", duration: 60, album: "Tagged Title", artist: "Reader", albumArtist: "Author A",
      composer: "Nora Narrator", trackNumber: 9, discNumber: 1,
      chapters: [
        ChapterMark(start: 0, title: "One"), ChapterMark(start: 30, title: "Two"),
        ChapterMark(start: 30, title: "Repeated"), ChapterMark(start: 75, title: "Past the end"),
      ])
    let book = try #require(BookLayout.books(from: [second, first], now: 0).first)
    #expect(book.title == "Tagged Title" && book.author == "Author A" && book.narrator == "Nora Narrator")
    #expect(book.files.map(\.path) == ["b/aa.m4b", "b/zz.m4b"])
    #expect(book.files.map(\.contentType) == ["audio/mp4", "audio/mp4"])
    #expect(
      book.chapters == [
        BookChapter(title: "One", start: 0, end: 30), BookChapter(title: "Two", start: 30, end: 60),
        BookChapter(title: "Six", start: 60, end: 80), BookChapter(title: "Chapter 4", start: 80, end: 110),
      ])
  }

  @Test func filesAtTheTopAreBooksOfTheirOwnAndEmptyFilesAreLeftOut() {
    let books = BookLayout.books(
      from: [
        BookSourceFile(path: "Solo Story.mp3", duration: 10),
        BookSourceFile(path: "tagged.m4b", duration: 20, title: "A Tagged Single", artist: "Someone"),
        BookSourceFile(path: "silent.mp3", duration: 0),
      ], now: 0)
    #expect(books.map(\.title) == ["A Tagged Single", "Solo Story"])
    #expect(books.map(\.author) == ["Someone", nil])
    #expect(books.map(\.files.count) == [1, 1])
  }

  /// `Author/Series/Title/`: the middle folder is the series, the top one the author, and a
  /// leading "Book 2 - " names the book's place (left out of the title a folder gives).
  @Test func aFolderBetweenAuthorAndBookIsItsSeries() {
    let books = BookLayout.books(
      from: [
        BookSourceFile(path: "Ann Leckie/Imperial Radch/Book 2 - Ancillary Sword/01.mp3", duration: 10),
        BookSourceFile(path: "Ann Leckie/Imperial Radch/Ancillary Justice/01.mp3", duration: 10),
        BookSourceFile(path: "Ann Leckie/Provenance/01.mp3", duration: 10),
        BookSourceFile(path: "Ann Leckie/Imperial Radch/3. Ancillary Mercy/01.mp3", duration: 10, album: "Tagged"),
      ], now: 1)
    let byTitle = Dictionary(uniqueKeysWithValues: books.map { ($0.title, $0) })
    let sword = byTitle["Ancillary Sword"]
    #expect(sword?.author == "Ann Leckie" && sword?.series == "Imperial Radch" && sword?.seriesSequence == "2")
    let justice = byTitle["Ancillary Justice"]
    #expect(justice?.series == "Imperial Radch" && justice?.seriesSequence == nil && justice?.author == "Ann Leckie")
    #expect(byTitle["Provenance"]?.series == nil && byTitle["Provenance"]?.author == "Ann Leckie")
    #expect(byTitle["Tagged"]?.seriesSequence == "3" && byTitle["Tagged"]?.series == "Imperial Radch")
  }

  @Test func aPlaceInASeriesIsANumberAfterBookVolOrHash() {
    let places: [(String, BookSeries.Place?)] = [
      ("Book 1 - The Start", .init(sequence: "1", title: "The Start")),
      ("Vol. 2.5: Between", .init(sequence: "2.5", title: "Between")),
      ("volume 3 End", .init(sequence: "3", title: "End")),
      ("#4 - Four", .init(sequence: "4", title: "Four")),
      ("10. Ten", .init(sequence: "10", title: "Ten")),
      ("1984", nil), ("Book Two", nil), ("The 2nd Book", nil), ("3 -", nil), ("1.2.3 Dots", nil),
    ]
    for (name, place) in places { #expect(BookSeries.place(in: name) == place, "\(name)") }
  }
}
