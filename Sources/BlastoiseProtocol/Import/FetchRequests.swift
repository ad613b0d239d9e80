/// URL import bodies and answers, in the shapes the seed's clients decode (`FetchItem`,
/// `FetchResponse`, `FetchConfirmResponse`).

/// `POST /api/fetch { url }`.
public struct FetchRequest: Codable, Sendable, Equatable {
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
public struct FetchItem: Codable, Sendable, Hashable {
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
public struct FetchSingleResponse: Codable, Sendable, Equatable {
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
public struct FetchPlaylistResponse: Codable, Sendable, Equatable {
  public var type = "playlist"
  public var title: String
  public var count: Int
  public var items: [FetchItem]
  public var requiresConfirmation = true

  public init(title: String, items: [FetchItem]) {
    self.title = title
    self.count = items.count
    self.items = items
  }
}

/// `POST /api/fetch/confirm { playlistTitle, items }`: items as the playlist answer gave them
/// (by `id`); an item without an `id` is taken by its `url`.
public struct FetchConfirmRequest: Codable, Sendable, Equatable {
  public var playlistTitle: String?
  public var items: [FetchItem]?

  public init(playlistTitle: String?, items: [FetchItem]?) {
    self.playlistTitle = playlistTitle
    self.items = items
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case playlistTitle, items }

  public init(from decoder: any Decoder) throws {
    try decoder.refuseUnknownKeys(CodingKeys.self)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    playlistTitle = try container.decodeIfPresent(String.self, forKey: .playlistTitle)
    items = try container.decodeIfPresent([FetchItem].self, forKey: .items)
  }
}

/// The confirm answer: the playlist that collects the imports and the queued jobs (`items[].id`
/// are job IDs).
public struct FetchConfirmResponse: Codable, Sendable, Equatable {
  public var message: String
  public var queueType: String?
  public var estimatedTime: String?
  public var playlistId: String?
  public var playlistName: String?
  public var items: [FetchItem]?

  public init(
    message: String, playlistId: String?, playlistName: String?, items: [FetchItem]?, queueType: String? = nil,
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
