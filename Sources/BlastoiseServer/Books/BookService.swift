import BlastoiseCore
import BlastoiseMedia
import BlastoiseProtocol
import Dispatch
import Foundation

/// Audiobooks: scans `--audiobooks-dir` into the book store (at start and when an admin asks),
/// answers books with each person's progress, and finds a book file's path by ID and index
/// only — never from a name in the request.
actor BookService {
  let directory: String?
  let store: any BookStore
  let progress: any ProgressStore
  let clock: any WallClock
  let covers: CoverStore
  /// Chapters a room plays that are part of a file, cut out as files of their own.
  let cuts: BookChapterCuts
  private let queue = DispatchQueue(label: "book-scan")
  private var running: Task<BookScanSummary, any Error>?
  /// What the last scan read, so that a rescan reads only new and changed files.
  private var scanned = BookScanner.Memory()

  init(
    directory: String?, store: any BookStore, progress: any ProgressStore, covers: CoverStore,
    cuts: BookChapterCuts, clock: any WallClock
  ) {
    self.directory = directory
    self.cuts = cuts
    self.covers = covers
    self.store = store
    self.progress = progress
    self.clock = clock
  }

  /// One scan at a time: a second ask while one runs waits for that one's answer.
  func scan() async throws -> BookScanSummary {
    if let running { return try await running.value }
    let task = Task { try await self.scanNow() }
    running = task
    defer { running = nil }
    return try await task.value
  }

  private func scanNow() async throws -> BookScanSummary {
    guard let directory else { return BookScanSummary(books: 0, added: 0, removed: 0, skipped: []) }
    // A folder that is not there (an unmounted share) is no reason to forget every book: the
    // books stay as the last scan found them until it is back.
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
      let books = try await store.books().count
      if books > 0 { ServerLog.write("books: \(directory) is not there; the \(books) books found before are kept") }
      return BookScanSummary(books: books, added: 0, removed: 0, skipped: [])
    }
    let now = clock.milliseconds()
    let finder = CoverFinder.forScan(store: covers, log: ServerLog.write)
    let known = scanned
    let (books, skipped, memory) = try await BlockingWork.run(on: queue) {
      BookScanner.scan(root: directory, now: now, covers: finder, remembering: known)
    }
    let changes = try await store.replaceAll(with: books, now: now)
    scanned = memory
    ServerLog.write(
      "books: \(books.count) in \(directory) (\(changes.added) new, \(changes.removed) gone, \(skipped.count) unreadable)"
    )
    return BookScanSummary(books: books.count, added: changes.added, removed: changes.removed, skipped: skipped)
  }

  /// Every book, each with `person`'s progress (none for a guest).
  func list(for person: Int?) async throws -> BookList {
    let books = try await store.books()
    let known = try await progressOf(person, in: books.map(\.id))
    return BookList(books: books.map { $0.wire(detailed: false, progress: known[$0.id]) })
  }

  func book(_ id: String, for person: Int?) async throws -> Book {
    let book = try await stored(id)
    var wire = book.wire(detailed: true, progress: try await progressOf(person, in: [id])[id])
    // Each chapter says the track a room plays it by, when the book's parts there are chapters.
    for part in book.roomTracks(cuttable: cuts.canCut) {
      if let chapter = part.chapter, wire.chapters?.indices.contains(chapter) == true {
        wire.chapters?[chapter].trackId = part.id.id
      }
    }
    return wire
  }

  /// The book and its part `id` names, for a room.
  func roomTrack(_ id: BookTrackID) async throws -> (book: StoredBook, part: BookTrack)? {
    guard let book = try await store.book(id: id.bookID), let part = book.roomTrack(id, cuttable: cuts.canCut) else {
      return nil
    }
    return (book, part)
  }

  /// The audio of a part a room plays: a whole file, or a chapter cut from one.
  func roomTrackFile(_ id: BookTrackID) async throws -> (path: String, contentType: String) {
    guard let (_, part) = try await roomTrack(id) else { throw CoreError(.notFound, "No such part of that book") }
    let whole = try await file(id.bookID, index: part.file)
    if part.isWholeFile { return whole }
    guard let cut = await cuts.cut(whole.path, bookID: id.bookID, offset: part.offsetInFile, duration: part.duration)
    else { throw CoreError(.unavailable, "That chapter cannot be cut out of its file") }
    return (cut, AudioFormats.contentType(forFilename: cut))
  }

  /// The file's path and type, when it is still inside the audiobooks directory (a link swapped
  /// in after the scan cannot lead out of it).
  func file(_ id: String, index: Int) async throws -> (path: String, contentType: String) {
    let book = try await stored(id)
    guard book.files.indices.contains(index), let directory, let root = realPath(directory),
      let path = realPath(root + "/" + book.files[index].path), path.hasPrefix(root + "/")
    else { throw CoreError(.notFound, "No such file in that book") }
    return (path, book.files[index].contentType)
  }

  private func stored(_ id: String) async throws -> StoredBook {
    guard BookID.isValid(id), let book = try await store.book(id: id) else {
      throw CoreError(.notFound, "No such book")
    }
    return book
  }

  private func progressOf(_ person: Int?, in ids: [String]) async throws -> [String: ListeningProgress] {
    guard let person else { return [:] }
    return try await progress.progress(kind: .books, ids: ids, userID: person)
  }
}
