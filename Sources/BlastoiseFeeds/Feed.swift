import Foundation

/// A podcast or audiobook feed as parsed from RSS 2.0 or Atom (with iTunes and Podcasting 2.0 tags).
public struct Feed: Sendable, Equatable {
  public enum Format: String, Sendable, Equatable { case rss, atom }

  public var format: Format
  public var title: String?
  public var link: String?
  /// As written (may hold HTML); `descriptionText` is its plain-text form.
  public var description: String?
  public var descriptionText: String?
  public var language: String?
  public var author: String?
  public var imageURL: String?
  public var explicit: Bool?
  /// `itunes:type`: "episodic" or "serial" (lowercased as written).
  public var type: String?
  public var newFeedURL: String?
  public var owner: FeedOwner?
  public var categories: [FeedCategory] = []
  public var locked: Bool?
  public var funding: [FeedFunding] = []
  public var persons: [FeedPerson] = []
  /// Deduplicated by guid, in document order.
  public var episodes: [FeedEpisode] = []
  /// True when the item cap stopped the parse early.
  public var truncated = false

  public init(format: Format) { self.format = format }
}

public struct FeedEpisode: Sendable, Equatable {
  /// The item's guid (Atom: id); when missing, the enclosure URL, then the link.
  public var guid: String
  public var title: String?
  public var link: String?
  public var description: String?
  public var descriptionText: String?
  /// nil when missing or unparseable.
  public var publishedAt: Date?
  public var enclosure: FeedEnclosure?
  public var durationSeconds: Int?
  public var imageURL: String?
  public var explicit: Bool?
  public var season: Int?
  public var episode: Int?
  /// `itunes:episodeType`: "full", "trailer" or "bonus".
  public var episodeType: String?
  public var chapters: FeedLink?
  public var transcripts: [FeedTranscript] = []
  public var persons: [FeedPerson] = []

  public init(guid: String) { self.guid = guid }
}

public struct FeedEnclosure: Sendable, Equatable {
  public var url: String
  public var type: String?
  public var length: Int?
}

/// A URL with its MIME type (e.g. `podcast:chapters`).
public struct FeedLink: Sendable, Equatable {
  public var url: String
  public var type: String?
}

public struct FeedTranscript: Sendable, Equatable {
  public var url: String
  public var type: String?
  public var language: String?
  public var rel: String?
}

public struct FeedFunding: Sendable, Equatable {
  public var url: String
  public var message: String?
}

public struct FeedPerson: Sendable, Equatable {
  public var name: String
  public var role: String?
  public var group: String?
  public var href: String?
  public var imageURL: String?
}

public struct FeedOwner: Sendable, Equatable {
  public var name: String?
  public var email: String?
}

/// An `itunes:category` with its nested subcategories.
public struct FeedCategory: Sendable, Equatable {
  public var name: String
  public var subcategories: [String] = []
}
