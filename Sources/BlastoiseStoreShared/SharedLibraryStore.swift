import BlastoiseCore
import BlastoiseProtocol
import Foundation

/// A backend's catalog statements (`CatalogStatements`, each backend's own SQL) on the connection
/// of one write, which every library write brings along.
public protocol LibraryCatalogStatements: CatalogStatements {
  associatedtype Connection: StoreConnection
  init(connection: Connection)
  /// Inserts the scanned track's `tracks` row or replaces its tags (`TrackColumns`).
  func upsert(_ track: ScannedTrack, addedAt: Int64) -> StoreStatement
}

/// A backend's access, and which catalog statements go with its connections.
public protocol LibraryAccess: StoreAccess {
  associatedtype Catalog: LibraryCatalogStatements where Catalog.Connection == Connection
}

/// The library, in either backend: `tracks` by content hash, `track_files` by path (compared in
/// byte order); every write brings the catalog along (`CatalogRefresh`).
public struct SharedLibraryStore<Access: LibraryAccess>: LibraryStore {
  private let access: Access

  public init(access: Access) { self.access = access }

  public func knownFiles(under root: String) async throws -> (files: [PathKey: LibraryFile], present: Set<PathKey>) {
    let range = LibraryPaths.range(under: root)
    let rows = try await access.read { connection in
      try connection.query(
        "SELECT path, size, modified_ns, present FROM track_files WHERE path >= $1 AND path < $2",
        .text(range.lower), .text(range.upper))
    }
    return LibraryFile.known(from: rows)
  }

  public func apply(scanned: [ScannedTrack], missing: [String]) async throws {
    guard !scanned.isEmpty || !missing.isEmpty else { return }
    let now = Int64(Date().timeIntervalSince1970)
    let absent = try StringListColumn.encode(missing)
    try await access.write { connection in
      let statements = Access.Catalog(connection: connection)
      var refresh = CatalogRefresh(statements)
      // A file may have held other bytes before: that track may lose its last present file. One
      // batch reads what every path held, one where every track about to change is placed, one
      // writes the tracks and their files.
      let previous = try connection.runBatch(
        scanned.map { StoreStatement("SELECT track_id FROM track_files WHERE path = $1", .text($0.file.path)) })
      try refresh.willChange(
        tracks: zip(scanned, previous).flatMap { track, rows in
          [track.trackID] + rows.compactMap { $0.string("track_id") }
        })
      try connection.runBatch(
        scanned.flatMap { track in
          [
            statements.upsert(track, addedAt: now),
            StoreStatement(
              """
              INSERT INTO track_files (path, track_id, size, modified_ns, present) VALUES ($1, $2, $3, $4, TRUE)
              ON CONFLICT (path) DO UPDATE SET track_id = excluded.track_id, size = excluded.size,
                modified_ns = excluded.modified_ns, present = TRUE
              """, .text(track.file.path), .text(track.trackID), .integer(track.file.size),
              .integer(track.file.modified)),
          ]
        })
      if !missing.isEmpty {
        let left = try connection.query(
          """
          UPDATE track_files SET present = FALSE WHERE path IN (\(connection.dialect.textList("$1")))
          RETURNING track_id
          """, .text(absent))
        try refresh.willChange(tracks: left.compactMap { $0.string("track_id") })
      }
      try refresh.finish()
    }
  }

  /// In `order_key` order, then by ID in byte order; no limit is the largest one.
  public func tracks(offset: Int, limit: Int?) async throws -> Page<Track> {
    try await access.read { connection in
      let tracks = try connection.query(
        "SELECT * FROM track_rows ORDER BY order_key, \(connection.dialect.byteOrder("id")) LIMIT $1 OFFSET $2",
        .integer(limit.map { Int64($0) } ?? .max), .integer(Int64(offset))
      ).compactMap(Track.init(row:))
      let total = try connection.queryOne("SELECT count(*) AS n FROM tracks")?.int("n") ?? 0
      return Page(items: tracks, total: total, offset: offset, limit: limit ?? tracks.count)
    }
  }

  public func track(id: String) async throws -> Track? {
    try await access.read { connection in
      try connection.queryOne("SELECT * FROM track_rows WHERE id = $1", .text(id)).flatMap(Track.init(row:))
    }
  }

  public func filePath(forTrack id: String) async throws -> String? {
    try await access.read { connection in
      try connection.queryOne(
        "SELECT path FROM track_files WHERE track_id = $1 AND present = TRUE LIMIT 1", .text(id)
      )?.string("path")
    }
  }

  public func lyrics(forTrack id: String) async throws -> String? {
    try await access.read { connection in
      try connection.queryOne("SELECT lyrics FROM tracks WHERE id = $1", .text(id))?.string("lyrics")
    }
  }
}
