import BlastoiseProtocol

extension Playlist {
  /// From a `playlists` row joined with its owner's `username`; track IDs a JSON array.
  public init?(row: StoreRow) {
    guard let id = row.string("id"), let owner = row.int("owner_id"), let name = row.string("name"),
      let tracksText = row.string("track_ids"),
      let tracks = StringListColumn.decode(tracksText)
    else { return nil }
    self.init(
      id: id, name: name, description: row.string("description") ?? "", ownerId: owner,
      ownerName: row.string("username") ?? "", isPublic: row.bool("is_public") ?? false,
      shareToken: row.string("share_token"), trackIds: tracks, createdAt: row.int64("created_at") ?? 0,
      updatedAt: row.int64("updated_at") ?? 0)
  }
}
