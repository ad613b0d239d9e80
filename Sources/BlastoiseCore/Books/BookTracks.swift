import BlastoiseProtocol

/// A book as a room's queue takes it: a track ID per part, each streamed at `/api/tracks/:id`.
/// `<book id>:<file index>` is one of its files; `<book id>:c<chapter index>` one chapter of a
/// file that holds several, which the server cuts out as a file of its own (every client plays
/// whole files).
public enum BookTrackID: Sendable, Equatable {
  case file(bookID: String, index: Int)
  case chapter(bookID: String, index: Int)

  public var id: String {
    switch self {
    case .file(let book, let index): "\(book):\(index)"
    case .chapter(let book, let index): "\(book):c\(index)"
    }
  }

  public var bookID: String {
    switch self {
    case .file(let book, _), .chapter(let book, _): book
    }
  }

  public init?(_ id: String) {
    guard let colon = id.lastIndex(of: ":") else { return nil }
    let book = String(id[..<colon])
    var part = id[id.index(after: colon)...]
    let isChapter = part.first == "c"
    if isChapter { part = part.dropFirst() }
    guard BookID.isValid(book), let index = Int(part), index >= 0, index < 100_000, String(index) == part else {
      return nil
    }
    self = isChapter ? .chapter(bookID: book, index: index) : .file(bookID: book, index: index)
  }
}

/// One part of a book as a room plays it.
public struct BookTrack: Sendable, Equatable {
  public var id: BookTrackID
  public var title: String
  /// Where it starts on the book's timeline, and how long it is (seconds).
  public var start: Double
  public var duration: Double
  /// The file it is (or is cut from) and where in that file it starts.
  public var file: Int
  public var offsetInFile: Double
  /// True when it is a whole file; false when it is cut from one.
  public var isWholeFile: Bool
  /// The chapter it plays, when the book's parts are its chapters.
  public var chapter: Int?
}

extension StoredBook {
  /// Within this much a chapter that spans a whole file is that file.
  static let sameEdge = 0.5

  /// The book's parts for a room, in order: its chapters when each lies within one file (a
  /// chapter that is a whole file is that file, the others are cut from theirs), else its files.
  /// `cuttable` says whether a file's format can be cut without re-encoding.
  public func roomTracks(cuttable: (StoredBookFile) -> Bool) -> [BookTrack] {
    let byFile = chapters.enumerated().map { chapter in
      (chapter, files.lastIndex { $0.start <= chapter.element.start + Self.sameEdge })
    }
    let usable =
      !chapters.isEmpty
      && byFile.allSatisfy { chapter, file in
        guard let file else { return false }
        let end = files[file].start + files[file].duration
        return chapter.element.end <= end + Self.sameEdge
          && (Self.isWhole(chapter.element, files[file]) || cuttable(files[file]))
      }
    guard usable else {
      return files.enumerated().map { index, file in
        BookTrack(
          id: .file(bookID: id, index: index), title: SpokenTitle.part(index, of: self), start: file.start,
          duration: file.duration, file: index, offsetInFile: 0, isWholeFile: true, chapter: nil)
      }
    }
    return byFile.map { chapter, file in
      let file = file ?? 0
      let whole = Self.isWhole(chapter.element, files[file])
      return BookTrack(
        id: whole ? .file(bookID: id, index: file) : .chapter(bookID: id, index: chapter.offset),
        title: chapter.element.title, start: whole ? files[file].start : chapter.element.start,
        duration: whole ? files[file].duration : max(0, chapter.element.end - chapter.element.start), file: file,
        offsetInFile: whole ? 0 : max(0, chapter.element.start - files[file].start), isWholeFile: whole,
        chapter: chapter.offset)
    }
  }

  /// The part `id` names, if the book has it.
  public func roomTrack(_ id: BookTrackID, cuttable: (StoredBookFile) -> Bool) -> BookTrack? {
    if case .file(_, let index) = id, files.indices.contains(index) {
      // A file is always playable, also when the book's parts are its chapters.
      return roomTracks(cuttable: cuttable).first { $0.id == id }
        ?? BookTrack(
          id: id, title: SpokenTitle.part(index, of: self), start: files[index].start,
          duration: files[index].duration, file: index, offsetInFile: 0, isWholeFile: true, chapter: nil)
    }
    return roomTracks(cuttable: cuttable).first { $0.id == id }
  }

  private static func isWhole(_ chapter: BookChapter, _ file: StoredBookFile) -> Bool {
    abs(chapter.start - file.start) < sameEdge && abs(chapter.end - (file.start + file.duration)) < sameEdge
  }
}

/// How a part of a book is titled when it is not a chapter.
enum SpokenTitle {
  static func part(_ index: Int, of book: StoredBook) -> String {
    book.files.count == 1 ? book.title : "\(book.title) (\(index + 1) of \(book.files.count))"
  }
}
