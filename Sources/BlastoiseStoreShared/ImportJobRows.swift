import BlastoiseCore

extension ImportJobRecord {
  /// From a `fetch_jobs` row joined with its owner's `username` and `role`.
  public init?(row: StoreRow) {
    guard let id = row.string("id"), let owner = row.int("owner_id"), let url = row.string("url"),
      let status = row.string("status").flatMap(ImportJobStatus.init(rawValue:)),
      let role = row.string("role").flatMap(Role.init(rawValue:))
    else { return nil }
    self.init(
      id: id, ownerID: owner, ownerName: row.string("username") ?? "", ownerRole: role, url: url,
      title: row.string("title") ?? "", status: status, error: row.string("error"), trackID: row.string("track_id"),
      playlistID: row.string("playlist_id"), playlistIndex: row.int("playlist_index"),
      createdAt: row.int64("created_at") ?? 0, updatedAt: row.int64("updated_at") ?? 0,
      progress: row.int("progress") ?? 0)
  }
}
