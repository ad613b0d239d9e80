/// A track on the wire. `id` is `sha256:` + the file's hex SHA-256 and is the only handle
/// clients use for audio, queues and caches; `title` is never null (file name fallback).
public struct Track: Codable, Sendable, Hashable, Identifiable {
  public var id: String
  public var filename: String
  public var title: String
  public var artist: String?
  public var album: String?
  public var duration: Double
  public var replayGainDb: Double?
  public var replayPeak: Double?
  public var available: Bool
  /// Additive: the track's cover for `GET /api/covers/:id` (embedded picture, else folder image).
  public var coverID: String?

  public init(
    id: String, filename: String, title: String, artist: String? = nil, album: String? = nil, duration: Double,
    replayGainDb: Double? = nil, replayPeak: Double? = nil, available: Bool = true,
    coverID: String? = nil
  ) {
    self.id = id
    self.filename = filename
    self.title = title
    self.artist = artist
    self.album = album
    self.duration = duration
    self.replayGainDb = replayGainDb
    self.replayPeak = replayPeak
    self.available = available
    self.coverID = coverID
  }

  enum CodingKeys: String, CodingKey {
    case id, filename, title, artist, album, duration, replayGainDb, replayPeak, available
    case coverID = "coverId"
  }

  /// Optional fields are written as `null`, as the seed's TypeScript types declare them.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(filename, forKey: .filename)
    try container.encode(title, forKey: .title)
    try container.encode(artist, forKey: .artist)
    try container.encode(album, forKey: .album)
    try container.encode(duration, forKey: .duration)
    try container.encode(replayGainDb, forKey: .replayGainDb)
    try container.encode(replayPeak, forKey: .replayPeak)
    try container.encode(available, forKey: .available)
    try container.encode(coverID, forKey: .coverID)
  }

  /// Tolerant like the seed's clients: a missing title falls back to the file name.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    filename = try container.decodeIfPresent(String.self, forKey: .filename) ?? ""
    title = try container.decodeIfPresent(String.self, forKey: .title) ?? filename
    artist = try container.decodeIfPresent(String.self, forKey: .artist)
    album = try container.decodeIfPresent(String.self, forKey: .album)
    duration = try container.decodeIfPresent(Double.self, forKey: .duration) ?? 0
    replayGainDb = try container.decodeIfPresent(Double.self, forKey: .replayGainDb)
    replayPeak = try container.decodeIfPresent(Double.self, forKey: .replayPeak)
    available = try container.decodeIfPresent(Bool.self, forKey: .available) ?? true
    coverID = try container.decodeIfPresent(String.self, forKey: .coverID)
  }
}
