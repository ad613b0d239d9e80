import BlastoiseProtocol
import Foundation

/// What the page asks of its native host (`docs/native-bridge.md`, "Page → host"): a JSON
/// object whose `t` names the kind. Read strictly: an unknown kind, a missing field or a number
/// out of range is a `BridgeError`, never a guess.
public enum PageMessage: Sendable, Equatable {
  case ready(version: Int, rate: Double, volume: Double)
  case load(LoadRequest)
  /// What plays next (the same fields as `load`), so the player goes on to it without a gap even
  /// while the page sleeps; nil: nothing is next.
  case preload(LoadRequest?)
  case play
  case pause
  case stop
  case seek(to: Double)
  case rate(Double)
  case volume(Double)
  /// Spoken word: write where the player is now.
  case save(finished: Bool)
  case followRoom(roomID: String, invite: String?)
  case leaveRoom
  /// The Photo backup card's switch and options for this phone.
  case backup(BackupChoice)
  /// The card asks where this phone's backup is.
  case backupStatus

  /// The protocol this host speaks.
  public static let version = 1
  /// Rates the page may ask for (pitch kept).
  public static let rates = 0.25...4.0

  public init(json data: Data) throws(BridgeError) {
    let decoder = JSONDecoder()
    guard let kind = try? decoder.decode(Kind.self, from: data) else {
      throw BridgeError("A bridge message is a JSON object with a \"t\"")
    }
    func body<T: Decodable>(_: T.Type) throws(BridgeError) -> T {
      do {
        return try decoder.decode(T.self, from: data)
      } catch {
        throw BridgeError("A \"\(kind.t)\" message is missing a field or has one of the wrong type")
      }
    }
    switch kind.t {
    case "ready":
      let ready = try body(Ready.self)
      self = .ready(
        version: ready.version, rate: try Self.checked(rate: ready.rate ?? 1),
        volume: try Self.checked(volume: ready.volume ?? 1))
    case "load": self = .load(try body(LoadRequest.self).checked())
    case "preload":
      let next = try body(Preload.self)
      self = .preload(next.url == nil ? nil : try body(LoadRequest.self).checked())
    case "play": self = .play
    case "pause": self = .pause
    case "stop": self = .stop
    case "seek":
      let to = try body(Seek.self).to
      guard to.isFinite, to >= 0 else { throw BridgeError("\"seek\" needs \"to\": seconds, 0 or more") }
      self = .seek(to: to)
    case "rate": self = .rate(try Self.checked(rate: try body(Value.self).v))
    case "volume": self = .volume(try Self.checked(volume: try body(Value.self).v))
    case "save": self = .save(finished: try body(Save.self).finished ?? false)
    case "follow-room":
      let follow = try body(FollowRoom.self)
      guard !follow.roomId.isEmpty, follow.roomId.utf8.count <= 64 else {
        throw BridgeError("\"roomId\" is not a room ID")
      }
      self = .followRoom(roomID: follow.roomId, invite: follow.invite)
    case "leave-room": self = .leaveRoom
    case "backup": self = .backup(try body(BackupChoice.self))
    case "backup-status": self = .backupStatus
    default: throw BridgeError("Unknown bridge message \"\(kind.t.prefix(40))\"")
    }
  }

  static func checked(rate: Double) throws(BridgeError) -> Double {
    guard rates.contains(rate) else { throw BridgeError("A rate is from 0.25 to 4") }
    return rate
  }

  static func checked(volume: Double) throws(BridgeError) -> Double {
    guard (0...1).contains(volume) else { throw BridgeError("A volume is from 0 to 1") }
    return volume
  }

  private struct Kind: Decodable { let t: String }
  private struct Ready: Decodable {
    let version: Int
    let rate: Double?
    let volume: Double?
  }
  private struct Seek: Decodable { let to: Double }
  private struct Preload: Decodable { let url: URL? }
  private struct Value: Decodable { let v: Double }
  private struct Save: Decodable { let finished: Bool? }
  private struct FollowRoom: Decodable {
    let roomId: String
    let invite: String?
  }
}

/// `load`: a file for the player, and what the lock screen and a car show while it plays.
public struct LoadRequest: Sendable, Equatable, Codable {
  public enum Kind: String, Sendable, Codable { case music, episode, book }

  public var url: URL
  public var trackId: String?
  public var title: String?
  public var artist: String?
  public var album: String?
  public var artwork: URL?
  /// Seconds, when the page knows.
  public var duration: Double?
  /// Where the page will start it (for the lock screen; the page seeks after `meta`).
  public var position: Double?
  public var rate: Double?
  public var volume: Double?
  public var kind: Kind
  /// Spoken word: where the host writes the position.
  public var progress: ProgressTarget?

  public init(
    url: URL, trackId: String? = nil, title: String? = nil, artist: String? = nil, album: String? = nil,
    artwork: URL? = nil, duration: Double? = nil, position: Double? = nil, rate: Double? = nil, volume: Double? = nil,
    kind: Kind = .music, progress: ProgressTarget? = nil
  ) {
    self.url = url
    self.trackId = trackId
    self.title = title
    self.artist = artist
    self.album = album
    self.artwork = artwork
    self.duration = duration
    self.position = position
    self.rate = rate
    self.volume = volume
    self.kind = kind
    self.progress = progress
  }

  private enum CodingKeys: String, CodingKey {
    case url, trackId, title, artist, album, artwork, duration, position, rate, volume, kind, progress
  }

  /// `kind` may be left out (music).
  public init(from decoder: any Decoder) throws {
    let values = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      url: try values.decode(URL.self, forKey: .url),
      trackId: try values.decodeIfPresent(String.self, forKey: .trackId),
      title: try values.decodeIfPresent(String.self, forKey: .title),
      artist: try values.decodeIfPresent(String.self, forKey: .artist),
      album: try values.decodeIfPresent(String.self, forKey: .album),
      artwork: try values.decodeIfPresent(URL.self, forKey: .artwork),
      duration: try values.decodeIfPresent(Double.self, forKey: .duration),
      position: try values.decodeIfPresent(Double.self, forKey: .position),
      rate: try values.decodeIfPresent(Double.self, forKey: .rate),
      volume: try values.decodeIfPresent(Double.self, forKey: .volume),
      kind: try values.decodeIfPresent(Kind.self, forKey: .kind) ?? .music,
      progress: try values.decodeIfPresent(ProgressTarget.self, forKey: .progress))
  }

  func checked() throws(BridgeError) -> LoadRequest {
    for seconds in [duration, position].compactMap(\.self) where !seconds.isFinite || seconds < 0 {
      throw BridgeError("\"duration\" and \"position\" are seconds, 0 or more")
    }
    if let rate { _ = try PageMessage.checked(rate: rate) }
    if let volume { _ = try PageMessage.checked(volume: volume) }
    if let progress {
      guard progress.start.isFinite, progress.start >= 0, !progress.id.isEmpty else {
        throw BridgeError("\"progress\" needs the item's kind and ID and the file's start")
      }
    }
    return self
  }
}

/// An episode's or book's progress: the item (`PUT /api/progress/<kind>/<id>`), where this file
/// starts on the item's timeline, the item's length, and an episode's feed and guid.
public struct ProgressTarget: Sendable, Equatable, Codable {
  public var kind: BlastoiseProtocol.ProgressKind
  public var id: String
  public var start: Double
  public var duration: Double?
  public var feed: String?
  public var guid: String?

  public init(
    kind: BlastoiseProtocol.ProgressKind, id: String, start: Double = 0, duration: Double? = nil, feed: String? = nil,
    guid: String? = nil
  ) {
    self.kind = kind
    self.id = id
    self.start = start
    self.duration = duration
    self.feed = feed
    self.guid = guid
  }

  /// The write for the player at `seconds` into this file at wall time `at` (ms since 1970).
  public func report(at seconds: Double, wallTime at: Int64, finished: Bool) -> ProgressReport {
    var position = start + max(0, seconds)
    if let duration, duration > 0 { position = min(position, duration) }
    return ProgressReport(position: position, duration: duration, finished: finished, at: at, feed: feed, guid: guid)
  }
}

/// A message the host refuses, with why (told to the page as an `error`).
public struct BridgeError: Error, Sendable, Equatable, CustomStringConvertible {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
