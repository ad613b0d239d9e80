import BlastoiseCore
import BlastoiseProtocol

/// `PhotoStore` for either backend, its SQL written once. `(user_id, sha256)` is unique, so the
/// same bytes sent twice at once are stored once whichever insert comes second.
public struct SharedPhotoStore<Access: StoreAccess>: PhotoStore {
  private let access: Access

  public init(access: Access) { self.access = access }

  public func add(_ photo: StoredPhoto) async throws -> PhotoAdded {
    try await access.write { connection in
      if let stored = try Self.photo(sha256: photo.sha256, userID: photo.userID, connection) {
        return .existing(stored)
      }
      try connection.execute(
        """
        INSERT INTO photos
          (id, user_id, name, path, taken_at, month, size, sha256, format, device, asset_id, added_at, trashed_at)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
        """, .text(photo.id), StoreValue(photo.userID), .text(photo.name), .text(photo.path),
        .integer(photo.takenAt), .text(photo.month), .integer(photo.size), .text(photo.sha256),
        .text(photo.format.rawValue), StoreValue(photo.device), StoreValue(photo.assetID), .integer(photo.addedAt),
        StoreValue(photo.trashedAt))
      return .added(photo)
    }
  }

  public func photo(id: String, userID: Int) async throws -> StoredPhoto? {
    try await access.read { connection in
      try connection.queryOne("SELECT * FROM photos WHERE id = $1 AND user_id = $2", .text(id), StoreValue(userID))
        .flatMap(StoredPhoto.init(row:))
    }
  }

  public func photo(sha256: String, userID: Int) async throws -> StoredPhoto? {
    try await access.read { connection in try Self.photo(sha256: sha256, userID: userID, connection) }
  }

  public func known(userID: Int) async throws -> [PhotoKnown] {
    try await access.read { connection in
      try connection.query(
        "SELECT name, month, size, sha256, device, asset_id FROM photos WHERE user_id = $1", StoreValue(userID)
      ).compactMap { row in
        guard let name = row.string("name"), let month = row.string("month"), let size = row.int64("size"),
          let sha256 = row.string("sha256")
        else { return nil }
        return PhotoKnown(
          name: name, month: month, size: size, sha256: sha256, device: row.string("device"),
          assetId: row.string("asset_id"))
      }
    }
  }

  public func photos(userID: Int, trashed: Bool, limit: Int, before: PhotoCursor?) async throws -> [StoredPhoto] {
    try await access.read { connection in
      let id = connection.dialect.byteOrder("id")
      let after: StoreSQL =
        before == nil ? "" : "AND (taken_at < $4 OR (taken_at = $4 AND \(id) < \(connection.dialect.byteOrder("$5"))))"
      var values: [StoreValue] = [StoreValue(userID), .integer(trashed ? 1 : 0), StoreValue(limit)]
      if let before { values += [.integer(before.takenAt), .text(before.id)] }
      return try connection.query(
        """
        SELECT * FROM photos WHERE user_id = $1 AND (trashed_at IS NOT NULL) = ($2 = 1) \(after)
        ORDER BY taken_at DESC, \(id) DESC LIMIT $3
        """, values: values
      ).compactMap(StoredPhoto.init(row:))
    }
  }

  public func usage(userID: Int) async throws -> PhotoUsage {
    try await access.read { connection in
      let row = try connection.queryOne(
        """
        SELECT CAST(COALESCE(SUM(size), 0) AS BIGINT) AS used,
          CAST(COALESCE(SUM(CASE WHEN trashed_at IS NULL THEN 1 ELSE 0 END), 0) AS BIGINT) AS kept,
          CAST(COALESCE(SUM(CASE WHEN trashed_at IS NULL THEN 0 ELSE 1 END), 0) AS BIGINT) AS trashed
        FROM photos WHERE user_id = $1
        """, StoreValue(userID))
      return PhotoUsage(
        bytes: row?.int64("used") ?? 0, kept: Int(row?.int64("kept") ?? 0), trashed: Int(row?.int64("trashed") ?? 0))
    }
  }

  public func setTrashed(id: String, userID: Int, at: Int64?) async throws -> Bool {
    try await access.write { connection in
      try connection.execute(
        "UPDATE photos SET trashed_at = $3 WHERE id = $1 AND user_id = $2", .text(id), StoreValue(userID),
        StoreValue(at)) > 0
    }
  }

  public func purge(trashedBefore before: Int64) async throws -> [StoredPhoto] {
    try await access.write { connection in
      let gone = try connection.query(
        "SELECT * FROM photos WHERE trashed_at IS NOT NULL AND trashed_at < $1", .integer(before)
      ).compactMap(StoredPhoto.init(row:))
      for photo in gone { try connection.execute("DELETE FROM photos WHERE id = $1", .text(photo.id)) }
      return gone
    }
  }

  public func devices(userID: Int) async throws -> [PhotoDeviceInfo] {
    try await access.read { connection in
      try connection.query(
        """
        SELECT device, COUNT(*) AS photos, CAST(SUM(size) AS BIGINT) AS bytes, MAX(added_at) AS last_at FROM photos
        WHERE user_id = $1 AND device IS NOT NULL GROUP BY device ORDER BY \(connection.dialect.byteOrder("device"))
        """, StoreValue(userID)
      ).compactMap { row in
        guard let name = row.string("device"), let photos = row.int("photos") else { return nil }
        return PhotoDeviceInfo(
          name: name, photos: photos, bytes: row.int64("bytes") ?? 0, lastBackupAt: row.int64("last_at") ?? 0)
      }
    }
  }

  private static func photo(sha256: String, userID: Int, _ connection: Access.Connection) throws -> StoredPhoto? {
    try connection.queryOne(
      "SELECT * FROM photos WHERE user_id = $1 AND sha256 = $2", StoreValue(userID), .text(sha256)
    ).flatMap(StoredPhoto.init(row:))
  }
}

extension StoredPhoto {
  /// A `photos` row; nil when its format is not one this build knows.
  init?(row: StoreRow) {
    guard let id = row.string("id"), let userID = row.int("user_id"), let name = row.string("name"),
      let path = row.string("path"), let takenAt = row.int64("taken_at"), let month = row.string("month"),
      let size = row.int64("size"), let sha256 = row.string("sha256"),
      let format = row.string("format").flatMap(PhotoFormat.init(rawValue:)), let addedAt = row.int64("added_at")
    else { return nil }
    self.init(
      id: id, userID: userID, name: name, path: path, takenAt: takenAt, month: month, size: size, sha256: sha256,
      format: format, device: row.string("device"), assetID: row.string("asset_id"), addedAt: addedAt,
      trashedAt: row.int64("trashed_at"))
  }
}

extension Migration {
  /// Migration 22 of both backends, in one text both take: backed-up photos and videos.
  public static let photos = Migration(
    version: 22, name: "photos",
    sql: """
      CREATE TABLE photos (
        id TEXT PRIMARY KEY,
        user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        path TEXT NOT NULL UNIQUE,
        taken_at BIGINT NOT NULL,
        month TEXT NOT NULL,
        size BIGINT NOT NULL CHECK (size >= 0),
        sha256 TEXT NOT NULL,
        format TEXT NOT NULL,
        device TEXT,
        asset_id TEXT,
        added_at BIGINT NOT NULL,
        trashed_at BIGINT,
        UNIQUE (user_id, sha256)
      );
      CREATE INDEX photos_by_taken ON photos (user_id, taken_at);
      CREATE INDEX photos_by_asset ON photos (user_id, device, asset_id);
      CREATE INDEX photos_by_trash ON photos (trashed_at);
      """)
}
