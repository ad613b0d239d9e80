import BlastoiseProtocol

/// A book as the store keeps it: the wire's `Book` plus where its files are.
public struct StoredBook: Sendable, Equatable {
  public var id: String
  /// Its folder's path under the audiobooks directory (or its file's, for a book of one file at
  /// the top): what its ID is made from.
  public var folder: String
  public var title: String
  public var author: String?
  public var narrator: String?
  /// The series it belongs to and its place there ("1", "2.5"), as its folders say.
  public var series: String?
  public var seriesSequence: String?
  /// Seconds.
  public var duration: Double
  public var coverID: String?
  public var addedAt: Int64
  public var files: [StoredBookFile]
  public var chapters: [BookChapter]

  public init(
    id: String, folder: String, title: String, author: String?, narrator: String?, duration: Double,
    coverID: String? = nil, addedAt: Int64, files: [StoredBookFile], chapters: [BookChapter],
    series: String? = nil, seriesSequence: String? = nil
  ) {
    self.id = id
    self.folder = folder
    self.title = title
    self.author = author
    self.narrator = narrator
    self.series = series
    self.seriesSequence = seriesSequence
    self.duration = duration
    self.coverID = coverID
    self.addedAt = addedAt
    self.files = files
    self.chapters = chapters
  }

  /// On the wire: in a list without files and chapters, else with them.
  public func wire(detailed: Bool, progress: ListeningProgress?) -> Book {
    Book(
      id: id, title: title, author: author, narrator: narrator, duration: duration, coverId: coverID, addedAt: addedAt,
      files: detailed ? files.enumerated().map { $1.wire(index: $0, of: id) } : nil,
      chapters: detailed ? chapters : nil,
      chapterCount: chapters.count, progress: progress, series: series, seriesSequence: seriesSequence)
  }
}

public struct StoredBookFile: Codable, Sendable, Equatable {
  /// Under the audiobooks directory.
  public var path: String
  public var duration: Double
  public var start: Double
  public var contentType: String

  public init(path: String, duration: Double, start: Double, contentType: String) {
    self.path = path
    self.duration = duration
    self.start = start
    self.contentType = contentType
  }

  func wire(index: Int, of bookID: String) -> BookFile {
    BookFile(
      index: index, duration: duration, start: start, contentType: contentType,
      trackId: BookTrackID.file(bookID: bookID, index: index).id)
  }
}

/// Book IDs: `book:` and 32 lower-case hex digits. Anything else names no book.
public enum BookID {
  public static let prefix = "book:"

  public static func isValid(_ id: String) -> Bool {
    id.hasPrefix(prefix) && Hex.isLowercase(id.dropFirst(prefix.count), digits: 32)
  }
}

/// A chapter as a file marks it: where it starts in that file (seconds) and its title.
public struct ChapterMark: Sendable, Equatable {
  public var start: Double
  public var title: String

  public init(start: Double, title: String) {
    self.start = start
    self.title = title
  }
}
