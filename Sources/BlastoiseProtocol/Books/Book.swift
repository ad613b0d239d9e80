/// An audiobook (additive; ours): one folder of audio files under `--audiobooks-dir`, or one file
/// at its top, played as one timeline. Positions are seconds on that timeline, and listening
/// progress (`/api/progress/books/:id`) is kept on it.
public struct Book: Codable, Sendable, Equatable {
  /// `book:` and 32 lower-case hex digits, from the folder's path under the audiobooks directory.
  public var id: String
  public var title: String
  public var author: String?
  /// From the composer tag, where audiobook tools put the narrator.
  public var narrator: String?
  /// Seconds, all files together.
  public var duration: Double
  /// Its cover (`/api/covers/:id`): the first file's picture, else the folder's image.
  public var coverId: String?
  /// Milliseconds since the epoch: when a scan first found it.
  public var addedAt: Int64
  /// The files in playing order. In lists, left out.
  public var files: [BookFile]?
  /// In order, covering the whole timeline: the files' own chapters, or one per file. In lists,
  /// left out (`chapterCount` says how many).
  public var chapters: [BookChapter]?
  public var chapterCount: Int
  /// The caller's progress in it, when they have started it.
  public var progress: ListeningProgress?
  /// Additive: the series it belongs to (`Author/Series/Title/` folders) and its place in it
  /// ("2", "2.5"), from a leading "Book 2", "Vol. 2", "#2" or "2 -" in its folder's name.
  public var series: String?
  public var seriesSequence: String?

  public init(
    id: String, title: String, author: String? = nil, narrator: String? = nil, duration: Double,
    coverId: String? = nil, addedAt: Int64,
    files: [BookFile]? = nil, chapters: [BookChapter]? = nil, chapterCount: Int, progress: ListeningProgress? = nil,
    series: String? = nil, seriesSequence: String? = nil
  ) {
    self.id = id
    self.title = title
    self.author = author
    self.narrator = narrator
    self.duration = duration
    self.coverId = coverId
    self.addedAt = addedAt
    self.files = files
    self.chapters = chapters
    self.chapterCount = chapterCount
    self.progress = progress
    self.series = series
    self.seriesSequence = seriesSequence
  }
}

/// One file of a book: its bytes come from `GET /api/books/:id/files/:index`.
public struct BookFile: Codable, Sendable, Equatable {
  public var index: Int
  /// Seconds.
  public var duration: Double
  /// Where the file starts on the book's timeline (seconds).
  public var start: Double
  /// `audio/mp4`, `audio/mpeg`, …
  public var contentType: String
  /// The ID a room's queue takes this file by (`<book id>:<index>`), also streamed at
  /// `/api/tracks/:id` (additive).
  public var trackId: String?

  public init(index: Int, duration: Double, start: Double, contentType: String, trackId: String? = nil) {
    self.index = index
    self.duration = duration
    self.start = start
    self.contentType = contentType
    self.trackId = trackId
  }
}

/// A chapter on the book's timeline (seconds).
public struct BookChapter: Codable, Sendable, Equatable {
  public var title: String
  public var start: Double
  public var end: Double
  /// The ID a room's queue takes this chapter by, also streamed at `/api/tracks/:id`, when the
  /// book's parts in a room are its chapters (additive; see `BookFile.trackId`).
  public var trackId: String?

  public init(title: String, start: Double, end: Double, trackId: String? = nil) {
    self.title = title
    self.start = start
    self.end = end
    self.trackId = trackId
  }
}

/// `GET /api/books`: every book, by title.
public struct BookList: Codable, Sendable, Equatable {
  public var books: [Book]

  public init(books: [Book]) { self.books = books }
}

/// `POST /api/books/scan`: how many books there are now, how many are new and gone, and the files
/// that could not be read.
public struct BookScanSummary: Codable, Sendable, Equatable {
  public var books: Int
  public var added: Int
  public var removed: Int
  public var skipped: [String]

  public init(books: Int, added: Int, removed: Int, skipped: [String]) {
    self.books = books
    self.added = added
    self.removed = removed
    self.skipped = skipped
  }
}
