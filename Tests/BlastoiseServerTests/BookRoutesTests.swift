import BlastoiseProtocol
import BlastoiseTestSupport
import Foundation
import Testing

/// Audiobooks through the real server on loopback: files ffmpeg made under --audiobooks-dir, the
/// real scan, tag and chapter readers and SQLite; one book per folder or top-level file, a
/// file's bytes by index, each person's progress, an admin's rescan.
@Suite struct BookRoutesTests {
  static func makeBooks(in root: String) async throws {
    let folder = root + "/Ann Author/Two Parts"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try await BookFixtures.book(at: folder + "/02 end.mp3", seconds: 3, metadata: [("title", "End")])
    try await BookFixtures.book(at: folder + "/01 start.mp3", seconds: 2, metadata: [("title", "Start")])
    _ = try await CoverFixtures.image("jpg", width: 64, height: 64, at: folder + "/cover.jpg")
    try await BookFixtures.book(
      at: root + "/chaptered.m4b", seconds: 5, chapters: [("Opening", 0), ("Middle", 2), ("Close", 4)],
      metadata: [("album", "A Chaptered Book"), ("artist", "Cee Writer"), ("composer", "Nora Narrator")])
    try Data("not audio at all".utf8).write(to: URL(fileURLWithPath: root + "/broken.mp3"))
    try Data("notes".utf8).write(to: URL(fileURLWithPath: root + "/notes.txt"))
  }

  @Test func booksAreScannedListedOpenedPlayedAndRescanned() async throws {
    let root = try TestRun.makeDirectory("audiobooks")
    defer { TestRun.remove(root) }
    try await Self.makeBooks(in: root)
    let server = try await TestServer { $0.audiobooksDirectory = root }
    let ann = server.client()
    try await ann.signUp("ann")  // the first account: the admin
    #expect(try await server.client().get(APIRoute.books.path()).status == 401)

    let scanned = try await ann.post(APIRoute.booksScan.path())
    #expect(scanned.status == 200)
    let summary = try scanned.json(BookScanSummary.self)
    #expect(summary.books == 2 && summary.skipped == ["broken.mp3"])

    let list = try await ann.get(APIRoute.books.path()).json(BookList.self).books
    #expect(list.map(\.title) == ["A Chaptered Book", "Two Parts"])
    #expect(list.map(\.chapterCount) == [3, 2])
    #expect(list.allSatisfy { $0.files == nil && $0.chapters == nil && $0.progress == nil })

    let chaptered = try await ann.get(APIRoute.book.path(list[0].id)).json(Book.self)
    #expect(chaptered.author == "Cee Writer" && chaptered.narrator == "Nora Narrator")
    #expect(chaptered.chapters?.map(\.title) == ["Opening", "Middle", "Close"])
    #expect(chaptered.files?.map(\.contentType) == ["audio/mp4"])
    let parts = try await ann.get(APIRoute.book.path(list[1].id)).json(Book.self)
    #expect(parts.author == "Ann Author")
    // The folder's image is its cover; the single file has none.
    let cover = try #require(parts.coverId)
    #expect(try await ann.get(APIRoute.cover.path(cover)).status == 200)
    #expect(list[1].coverId == cover && chaptered.coverId == nil)
    let files = try #require(parts.files)
    #expect(files.map(\.index) == [0, 1])
    #expect(abs(files[0].duration - 2) < 0.1 && abs(files[1].start - files[0].duration) < 0.001)
    #expect(parts.chapters?.map(\.title) == ["Start", "End"])
    #expect(abs(parts.duration - 5) < 0.2)

    // The second file's bytes, a range of them, by index only.
    let onDisk = try Data(contentsOf: URL(fileURLWithPath: root + "/Ann Author/Two Parts/02 end.mp3"))
    let range = try await ann.request("GET", APIRoute.bookFile.path(parts.id, "1"), headers: ["Range": "bytes=0-99"])
    #expect(range.status == 206 && range.body == onDisk.prefix(100))
    #expect(range.header("Content-Type") == "audio/mpeg")
    for index in ["2", "-1", "x", "..%2F..%2Fetc"] {
      #expect(try await ann.get(APIRoute.bookFile.path(parts.id, index)).status == 404, "\(index)")
    }
    #expect(try await ann.get(APIRoute.book.path("book:" + String(repeating: "0", count: 32))).status == 404)
    #expect(try await ann.get(APIRoute.book.path("../../etc/passwd")).status == 404)

    // Ann's progress shows in her list; Bob's list has none, and he may not rescan.
    let put = try await ann.request("PUT", APIRoute.progressItem.path("books", parts.id), json: #"{"position":3.5}"#)
    #expect(put.status == 200)
    let mine = try await ann.get(APIRoute.books.path()).json(BookList.self).books
    #expect(mine.first { $0.id == parts.id }?.progress?.position == 3.5)
    let bob = server.client()
    try await bob.signUp("bob")
    #expect(try await bob.get(APIRoute.books.path()).json(BookList.self).books.allSatisfy { $0.progress == nil })
    #expect(try await bob.post(APIRoute.booksScan.path()).status == 403)

    // A folder gone and one new: the rescan says so; Ann's progress in the gone book stays.
    try FileManager.default.removeItem(atPath: root + "/Ann Author")
    try FileManager.default.createDirectory(atPath: root + "/New One", withIntermediateDirectories: true)
    try await BookFixtures.book(at: root + "/New One/only.mp3", seconds: 1)
    let again = try await ann.post(APIRoute.booksScan.path()).json(BookScanSummary.self)
    #expect(again.books == 2 && again.added == 1 && again.removed == 1)
    #expect(try await ann.get(APIRoute.book.path(parts.id)).status == 404)
    #expect(try await ann.get(APIRoute.progressItem.path("books", parts.id)).status == 200)
    await server.stop()
  }

  /// A rescan reads only files whose size or modification time moved: a file rewritten behind the
  /// scan's back with both kept (as no editor does) keeps what it said, and once touched is read.
  @Test func aRescanReadsOnlyNewAndChangedFiles() async throws {
    let root = try TestRun.makeDirectory("audiobooks-rescan")
    defer { TestRun.remove(root) }
    let file = root + "/Dee Author/One Part/01.mp3"
    try FileManager.default.createDirectory(atPath: root + "/Dee Author/One Part", withIntermediateDirectories: true)
    try await BookFixtures.book(at: file, seconds: 2, metadata: [("title", "Start")])
    let server = try await TestServer { $0.audiobooksDirectory = root }
    let ann = server.client()
    try await ann.signUp("ann")
    func chapterTitles() async throws -> [String] {
      _ = try await ann.post(APIRoute.booksScan.path()).json(BookScanSummary.self)
      let id = try #require(try await ann.get(APIRoute.books.path()).json(BookList.self).books.first).id
      return (try await ann.get(APIRoute.book.path(id)).json(Book.self).chapters ?? []).map(\.title)
    }
    #expect(try await chapterTitles() == ["Start"])

    let size = { try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int }
    let before = try size()
    try await TestTool.run("cp", ["-p", file, root + "/stamp"])
    try await BookFixtures.book(at: file, seconds: 2, metadata: [("title", "Begin")])
    try #require(try size() == before, "the rewritten file must keep its size for this test")
    try await TestTool.run("touch", ["-r", root + "/stamp", file])
    try FileManager.default.removeItem(atPath: root + "/stamp")
    #expect(try await chapterTitles() == ["Start"])

    try await TestTool.run("touch", [file])
    #expect(try await chapterTitles() == ["Begin"])
    await server.stop()
  }

  @Test func withoutAnAudiobooksDirectoryThereAreNone() async throws {
    let server = try await TestServer { _ in }
    let ann = server.client()
    try await ann.signUp("ann")
    #expect(try await ann.get(APIRoute.books.path()).json(BookList.self).books.isEmpty)
    #expect(try await ann.post(APIRoute.booksScan.path()).json(BookScanSummary.self).books == 0)
    await server.stop()
  }

  /// An audiobooks folder that is gone (an unmounted share) is no reason to forget every book:
  /// a scan keeps them as they were, and once the folder is back a scan finds them again.
  @Test func aMissingAudiobooksFolderKeepsTheBooks() async throws {
    let parent = try TestRun.makeDirectory("audiobooks-unmounted")
    defer { TestRun.remove(parent) }
    let root = parent + "/books"
    try FileManager.default.createDirectory(atPath: root + "/Dee Author/One Part", withIntermediateDirectories: true)
    try await BookFixtures.book(at: root + "/Dee Author/One Part/01.mp3", seconds: 2, metadata: [("title", "Start")])
    let server = try await TestServer { $0.audiobooksDirectory = root }
    let ann = server.client()
    try await ann.signUp("ann")
    #expect(try await ann.post(APIRoute.booksScan.path()).json(BookScanSummary.self).books == 1)
    try FileManager.default.moveItem(atPath: root, toPath: parent + "/elsewhere")
    let gone = try await ann.post(APIRoute.booksScan.path()).json(BookScanSummary.self)
    #expect(gone.books == 1 && gone.removed == 0)
    #expect(try await ann.get(APIRoute.books.path()).json(BookList.self).books.map(\.title) == ["One Part"])
    try FileManager.default.moveItem(atPath: parent + "/elsewhere", toPath: root)
    let back = try await ann.post(APIRoute.booksScan.path()).json(BookScanSummary.self)
    #expect(back.books == 1 && back.added == 0 && back.removed == 0)
    await server.stop()
  }
}
