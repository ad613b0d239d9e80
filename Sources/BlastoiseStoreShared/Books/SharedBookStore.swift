import BlastoiseCore
import BlastoiseProtocol
import Foundation

/// `BookStore` for either backend, its SQL written once. A book is one row: its files and
/// chapters are JSON columns, read and written whole, as a scan finds them and a player asks
/// for them.
public struct SharedBookStore<Access: StoreAccess>: BookStore {
  private let access: Access

  public init(access: Access) { self.access = access }

  public func replaceAll(with books: [StoredBook], now: Int64) async throws -> BookChanges {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let rows = try books.map { book in
      (
        book, String(decoding: try encoder.encode(book.files), as: UTF8.self),
        String(decoding: try encoder.encode(book.chapters), as: UTF8.self)
      )
    }
    return try await access.write { connection in
      let known = Set(try connection.query("SELECT id FROM books").compactMap { $0.string("id") })
      let kept = Set(rows.map(\.0.id))
      for gone in known.subtracting(kept) {
        try connection.execute("DELETE FROM books WHERE id = $1", .text(gone))
      }
      for (book, files, chapters) in rows {
        try connection.execute(
          """
          INSERT INTO books (
            id, folder, title, author, narrator, duration_ms, cover_id, added_at, files, chapters, series,
            series_sequence)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
          ON CONFLICT (id) DO UPDATE SET
            folder = excluded.folder, title = excluded.title, author = excluded.author,
            narrator = excluded.narrator, duration_ms = excluded.duration_ms, cover_id = excluded.cover_id,
            files = excluded.files, chapters = excluded.chapters, series = excluded.series,
            series_sequence = excluded.series_sequence
          """, .text(book.id), .text(book.folder), .text(book.title), StoreValue(book.author),
          StoreValue(book.narrator), .integer(Int64((book.duration * 1_000).rounded())), StoreValue(book.coverID),
          .integer(now), .text(files), .text(chapters), StoreValue(book.series), StoreValue(book.seriesSequence))
      }
      return BookChanges(added: kept.subtracting(known).count, removed: known.subtracting(kept).count)
    }
  }

  public func books() async throws -> [StoredBook] {
    try await access.read { connection in
      try connection.query(
        "SELECT * FROM books ORDER BY lower(title), \(connection.dialect.byteOrder("id"))"
      ).compactMap(StoredBook.init(row:))
    }
  }

  public func book(id: String) async throws -> StoredBook? {
    try await access.read { connection in
      try connection.queryOne("SELECT * FROM books WHERE id = $1", .text(id)).flatMap(StoredBook.init(row:))
    }
  }
}

extension StoredBook {
  /// A `books` row; nil when its JSON is not what this build writes.
  init?(row: StoreRow) {
    let decoder = JSONDecoder()
    guard let id = row.string("id"), let folder = row.string("folder"), let title = row.string("title"),
      let files = row.string("files").flatMap({ try? decoder.decode([StoredBookFile].self, from: Data($0.utf8)) }),
      let chapters = row.string("chapters").flatMap({ try? decoder.decode([BookChapter].self, from: Data($0.utf8)) })
    else { return nil }
    self.init(
      id: id, folder: folder, title: title, author: row.string("author"), narrator: row.string("narrator"),
      duration: Double(row.int64("duration_ms") ?? 0) / 1_000, coverID: row.string("cover_id"),
      addedAt: row.int64("added_at") ?? 0, files: files, chapters: chapters, series: row.string("series"),
      seriesSequence: row.string("series_sequence"))
  }
}

extension Migration {
  /// Migration 18 of both backends, in one text both take: the audiobooks a scan found.
  public static let books = Migration(
    version: 18, name: "books",
    sql: """
      CREATE TABLE books (
        id TEXT PRIMARY KEY,
        folder TEXT NOT NULL,
        title TEXT NOT NULL,
        author TEXT,
        narrator TEXT,
        duration_ms BIGINT NOT NULL CHECK (duration_ms >= 0),
        cover_id TEXT,
        added_at BIGINT NOT NULL,
        files TEXT NOT NULL,
        chapters TEXT NOT NULL
      );
      """)
}

extension Migration {
  /// Migration 27 of both backends: a book's series and its place in it.
  public static let bookSeries = Migration(
    version: 27, name: "book_series",
    sql: "ALTER TABLE books ADD COLUMN series TEXT; ALTER TABLE books ADD COLUMN series_sequence TEXT;")
}
