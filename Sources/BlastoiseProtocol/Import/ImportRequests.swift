/// URL import bodies and answers, in the shapes the seed's clients decode (`ImportItem`,
/// `ImportResponse`, `ImportConfirmResponse`).

/// `POST /api/fetch { url }`.
public struct ImportRequest: Codable, Sendable, Equatable {
  public var url: String?

  public init(url: String?) { self.url = url }

  enum CodingKeys: String, CodingKey, CaseIterable { case url }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    url = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .url)
  }
}

/// One entry of a playlist found at a URL, or one queued download. `id` names a playlist entry
/// (in a `playlist` answer) or a job (in a confirm answer).
public struct ImportItem: Codable, Sendable, Hashable {
  public var id: String?
  public var url: String
  public var title: String

  public init(id: String?, url: String, title: String) {
    self.id = id
    self.url = url
    self.title = title
  }
}

/// The `type: "single"` answer: one download was queued as job `id`.
public struct ImportSingleResponse: Codable, Sendable, Equatable {
  public var type = "single"
  public var id: String
  public var title: String
  public var queueType: String?

  public init(id: String, title: String, queueType: String? = nil) {
    self.id = id
    self.title = title
    self.queueType = queueType
  }
}

/// The `type: "playlist"` answer: nothing is queued until the client confirms.
public struct ImportPlaylistResponse: Codable, Sendable, Equatable {
  public var type = "playlist"
  public var title: String
  public var count: Int
  public var items: [ImportItem]
  public var requiresConfirmation = true

  public init(title: String, items: [ImportItem]) {
    self.title = title
    self.count = items.count
    self.items = items
  }
}

/// `POST /api/fetch/confirm { playlistTitle, items }`: items as the playlist answer gave them
/// (by `id`); an item without an `id` is taken by its `url`.
public struct ImportConfirmRequest: Codable, Sendable, Equatable {
  public var playlistTitle: String?
  public var items: [ImportItem]?

  public init(playlistTitle: String?, items: [ImportItem]?) {
    self.playlistTitle = playlistTitle
    self.items = items
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case playlistTitle, items }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    playlistTitle = try container.decodeIfPresent(String.self, forKey: .playlistTitle)
    items = try container.decodeIfPresent([ImportItem].self, forKey: .items)
  }
}

/// The confirm answer: the playlist that collects the imports and the queued jobs (`items[].id`
/// are job IDs).
public struct ImportConfirmResponse: Codable, Sendable, Equatable {
  public var message: String
  public var queueType: String?
  public var estimatedTime: String?
  public var playlistId: String?
  public var playlistName: String?
  public var items: [ImportItem]?

  public init(
    message: String, playlistId: String?, playlistName: String?, items: [ImportItem]?, queueType: String? = nil,
    estimatedTime: String? = nil
  ) {
    self.message = message
    self.playlistId = playlistId
    self.playlistName = playlistName
    self.items = items
    self.queueType = queueType
    self.estimatedTime = estimatedTime
  }
}
