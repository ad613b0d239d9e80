/// One import job on the wire (`GET /api/fetch` lists them). It carries `ImportItem`'s fields
/// (`id`, `url`, `title`), so a client that decodes `[ImportItem]` still works.
public struct ImportJobInfo: Codable, Sendable, Equatable {
  public var id: String
  public var url: String
  public var title: String
  /// `queued`, `downloading`, `processing`, `complete`, `error` or `cancelled`.
  public var status: String
  /// 0–100.
  public var progress: Int
  public var error: String?
  public var trackId: String?
  public var playlistId: String?
  public var createdAt: Int64
  public var updatedAt: Int64

  public init(
    id: String, url: String, title: String, status: String, progress: Int, error: String?, trackId: String?,
    playlistId: String?, createdAt: Int64, updatedAt: Int64
  ) {
    self.id = id
    self.url = url
    self.title = title
    self.status = status
    self.progress = progress
    self.error = error
    self.trackId = trackId
    self.playlistId = playlistId
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}

/// Socket messages about import jobs: `fetch_progress` (queued, downloading, processing),
/// `fetch_complete` (with the library `track`), `fetch_error` (with `error`), `fetch_cancelled`.
/// Shape: `{ "type": "fetch_progress", "id": "job", "status": "downloading", "progress": 50 }`.
public struct ImportSocketMessage: Codable, Sendable, Equatable {
  public var type: String
  public var id: String
  public var status: String
  public var progress: Int
  public var title: String
  public var error: String?
  public var track: Track?
  public var playlistId: String?

  public init(
    type: String, id: String, status: String, progress: Int, title: String, error: String? = nil,
    track: Track? = nil, playlistId: String? = nil
  ) {
    self.type = type
    self.id = id
    self.status = status
    self.progress = progress
    self.title = title
    self.error = error
    self.track = track
    self.playlistId = playlistId
  }
}
