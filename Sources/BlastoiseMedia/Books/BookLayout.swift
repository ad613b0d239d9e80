import BlastoiseCore
import BlastoiseProtocol
import Foundation

/// What the book scan read from one audio file under the audiobooks directory.
public struct BookSourceFile: Sendable, Equatable {
  /// Under the audiobooks directory, `/`-separated.
  public var path: String
  public var duration: Double
  public var title: String?
  public var album: String?
  public var artist: String?
  public var albumArtist: String?
  public var composer: String?
  public var trackNumber: Int?
  public var discNumber: Int?
  public var chapters: [ChapterMark]
  /// Its picture's cover ID, or its folder's image's.
  public var coverID: String?

  public init(
    path: String, duration: Double, title: String? = nil, album: String? = nil, artist: String? = nil,
    albumArtist: String? = nil, composer: String? = nil, trackNumber: Int? = nil, discNumber: Int? = nil,
    chapters: [ChapterMark] = [], coverID: String? = nil
  ) {
    self.path = path
    self.duration = duration
    self.title = title
    self.album = album
    self.artist = artist
    self.albumArtist = albumArtist
    self.composer = composer
    self.trackNumber = trackNumber
    self.discNumber = discNumber
    self.chapters = chapters
    self.coverID = coverID
  }
}

/// How audio files become books (as Audiobookshelf lays them out): the files of one folder are
/// one book, in disc, track, then natural file-name order ("2" before "10"); a file directly in
/// the audiobooks directory is a book by itself. The title is the album tag, else the folder's
/// name; the author the album artist or artist tag, else the top folder (`Author/Title/…`, or
/// `Author/Series/Title/…`, where the middle folder is the series: `BookSeries`).
/// Chapters are the files' own, moved to where each file starts, else one per file. The cover is
/// the first file's that has one.
public enum BookLayout {
  public static func books(from files: [BookSourceFile], now: Int64) -> [StoredBook] {
    var folders: [String: [BookSourceFile]] = [:]
    for file in files where file.duration > 0 {
      folders[folder(of: file.path) ?? file.path, default: []].append(file)
    }
    return folders.map { folder, files in book(folder: folder, files: files.sorted(by: playsBefore), now: now) }
      .sorted { ($0.title.lowercased(), $0.id) < ($1.title.lowercased(), $1.id) }
  }

  static func book(folder: String, files: [BookSourceFile], now: Int64) -> StoredBook {
    let first = files[0]
    let components = folder.split(separator: "/").map(String.init)
    let single = folder == first.path
    let name = single ? stem(of: folder) : components.last ?? folder
    let series = !single && components.count >= 3 ? components[components.count - 2] : nil
    let place = series == nil ? nil : BookSeries.place(in: name)
    let title = nonEmpty(first.album) ?? (single ? nonEmpty(first.title) : nil) ?? place?.title ?? name
    let author =
      nonEmpty(first.albumArtist) ?? nonEmpty(first.artist)
      ?? (components.count >= 2 && !single
        ? components[components.count - (series == nil ? 2 : 3)] : nil)
    var stored: [StoredBookFile] = []
    var chapters: [BookChapter] = []
    var start = 0.0
    for file in files {
      stored.append(
        StoredBookFile(
          path: file.path, duration: file.duration, start: start,
          contentType: AudioFormats.contentType(forFilename: file.path)))
      let marks =
        file.chapters.isEmpty
        ? [ChapterMark(start: 0, title: nonEmpty(file.title) ?? stem(of: file.path))]
        : file.chapters.filter { $0.start >= 0 && $0.start < file.duration }
      for mark in marks {
        let at = start + mark.start
        if let last = chapters.last, at <= last.start { continue }  // out of order or repeated
        if !chapters.isEmpty { chapters[chapters.count - 1].end = at }
        let title = mark.title.trimmingCharacters(in: .whitespacesAndNewlines)
        chapters.append(BookChapter(title: title.isEmpty ? "Chapter \(chapters.count + 1)" : title, start: at, end: at))
      }
      start += file.duration
    }
    if !chapters.isEmpty { chapters[chapters.count - 1].end = start }
    return StoredBook(
      id: BookDigest.id(folder: folder), folder: folder, title: title, author: author,
      narrator: nonEmpty(first.composer), duration: start, coverID: files.lazy.compactMap(\.coverID).first,
      addedAt: now, files: stored, chapters: chapters, series: series,
      seriesSequence: place?.sequence)
  }

  /// The folder part of a path; nil for a file at the top.
  static func folder(of path: String) -> String? {
    path.lastIndex(of: "/").map { String(path[..<$0]) }
  }

  static func stem(of path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
  }

  static func playsBefore(_ a: BookSourceFile, _ b: BookSourceFile) -> Bool {
    let left = (a.discNumber ?? 0, a.trackNumber ?? 0)
    let right = (b.discNumber ?? 0, b.trackNumber ?? 0)
    if left != right { return left < right }
    return naturalOrder(a.path, b.path)
  }

  /// Case-insensitive, with runs of digits compared as numbers.
  static func naturalOrder(_ a: String, _ b: String) -> Bool {
    let left = runs(a.lowercased())
    let right = runs(b.lowercased())
    for (x, y) in zip(left, right) where x != y {
      if let m = Int(x), let n = Int(y), m != n { return m < n }
      return x < y
    }
    return left.count < right.count
  }

  static func runs(_ text: String) -> [String] {
    var runs: [String] = []
    for character in text {
      if let last = runs.last, last.last?.isNumber == character.isNumber {
        runs[runs.count - 1].append(character)
      } else {
        runs.append(String(character))
      }
    }
    return runs
  }

  static func nonEmpty(_ text: String?) -> String? {
    guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
    return trimmed
  }
}
