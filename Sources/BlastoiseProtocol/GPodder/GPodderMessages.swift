/// The gpodder.net v2 API's bodies, as AntennaPod, gPodder, Kasts and mygpoclient send and read
/// them (https://gpoddernet.readthedocs.io/en/latest/api/reference/). Their keys are gpodder.net's,
/// not ours. Decoding is tolerant of fields we do not use, since each client adds its own.

/// `GET /api/2/devices/{user}.json`: one of the account's devices.
public struct GPodderDevice: Codable, Sendable, Equatable {
  public var id: String
  public var caption: String
  public var type: String
  public var subscriptions: Int

  public init(id: String, caption: String, type: String, subscriptions: Int) {
    self.id = id
    self.caption = caption
    self.type = type
    self.subscriptions = subscriptions
  }
}

/// `POST /api/2/devices/{user}/{device}.json`: what changes (a device is made on first use).
public struct GPodderDeviceUpdate: Codable, Sendable, Equatable {
  public var caption: String?
  public var type: String?

  public init(caption: String? = nil, type: String? = nil) {
    self.caption = caption
    self.type = type
  }
}

/// `POST /api/2/subscriptions/{user}/{device}.json` body: podcast feed URLs added and removed.
public struct GPodderSubscriptionUpload: Codable, Sendable, Equatable {
  public var add: [String]
  public var remove: [String]

  public init(add: [String] = [], remove: [String] = []) {
    self.add = add
    self.remove = remove
  }

  enum CodingKeys: String, CodingKey { case add, remove }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    add = try container.decodeIfPresent([String].self, forKey: .add) ?? []
    remove = try container.decodeIfPresent([String].self, forKey: .remove) ?? []
  }
}

/// The answer to an upload: the server's time (seconds; the next `since`) and the URLs it
/// cleaned up, as `[old, new]` pairs the client should rewrite.
public struct GPodderUploadResult: Codable, Sendable, Equatable {
  public var timestamp: Int64
  public var updateURLs: [[String]]

  public init(timestamp: Int64, updateURLs: [[String]] = []) {
    self.timestamp = timestamp
    self.updateURLs = updateURLs
  }

  enum CodingKeys: String, CodingKey {
    case timestamp
    case updateURLs = "update_urls"
  }
}

/// `GET /api/2/subscriptions/{user}/{device}.json?since=`: the changes stored after `since`.
public struct GPodderSubscriptionChanges: Codable, Sendable, Equatable {
  public var add: [String]
  public var remove: [String]
  public var timestamp: Int64

  public init(add: [String], remove: [String], timestamp: Int64) {
    self.add = add
    self.remove = remove
    self.timestamp = timestamp
  }
}

/// One episode action: `play` (with `position`, and `started`/`total`), `download`, `delete`,
/// `new` or `flattr`. Times are seconds; `timestamp` is UTC ISO 8601 without a zone
/// (`2009-12-12T09:00:00`).
public struct GPodderEpisodeAction: Codable, Sendable, Equatable {
  public var podcast: String
  public var episode: String
  public var action: String
  public var device: String?
  public var timestamp: String?
  public var started: Int?
  public var position: Int?
  public var total: Int?
  public var guid: String?

  public init(
    podcast: String, episode: String, action: String, device: String? = nil, timestamp: String? = nil,
    started: Int? = nil, position: Int? = nil, total: Int? = nil, guid: String? = nil
  ) {
    self.podcast = podcast
    self.episode = episode
    self.action = action
    self.device = device
    self.timestamp = timestamp
    self.started = started
    self.position = position
    self.total = total
    self.guid = guid
  }
}

/// `GET /api/2/episodes/{user}.json?since=`: the actions stored after `since` (server time).
public struct GPodderEpisodeActions: Codable, Sendable, Equatable {
  public var actions: [GPodderEpisodeAction]
  public var timestamp: Int64

  public init(actions: [GPodderEpisodeAction], timestamp: Int64) {
    self.actions = actions
    self.timestamp = timestamp
  }
}
