import Foundation

/// Turns finished elements into `Feed` and `FeedEpisode` fields. Knows which element means what
/// where (channel vs item), nothing about XML parsing itself.
final class FeedBuilder {
  private(set) var feed: Feed
  private let limits: FeedLimits
  private var episode: FeedEpisode?
  private var episodeDescriptionRank = 0
  private var feedDescriptionRank = 0
  private var seenGuids: Set<String> = []
  private var pendingAttributes: [String: String] = [:]

  init(format: Feed.Format, limits: FeedLimits) {
    feed = Feed(format: format)
    self.limits = limits
  }

  func start(_ name: XMLName, attributes: [String: String], path: [XMLName]) {
    let parent = path.dropLast().last
    switch (name.space, name.local) {
    case (.none, "item"), (.atom, "entry"):
      episode = FeedEpisode(guid: "")
      episodeDescriptionRank = 0
    case (.none, "enclosure") where episode != nil:
      if let url = nonEmpty(attributes["url"]) {
        episode?.enclosure = FeedEnclosure(
          url: url, type: nonEmpty(attributes["type"]), length: attributes["length"].flatMap { Int($0) })
      }
    case (.atom, "link"):
      atomLink(attributes)
    case (.itunes, "image"):
      if let href = nonEmpty(attributes["href"]) {
        if episode != nil { episode?.imageURL = href } else { feed.imageURL = href }
      }
    case (.itunes, "category") where episode == nil:
      guard let name = nonEmpty(attributes["text"]) else { break }
      if parent == XMLName(space: .itunes, local: "category"), !feed.categories.isEmpty {
        feed.categories[feed.categories.count - 1].subcategories.append(name)
      } else if feed.categories.count < limits.maxListEntries {
        feed.categories.append(FeedCategory(name: name))
      }
    case (.podcast, "chapters"):
      if let url = nonEmpty(attributes["url"]) {
        episode?.chapters = FeedLink(url: url, type: nonEmpty(attributes["type"]))
      }
    case (.podcast, "transcript"):
      if let url = nonEmpty(attributes["url"]), let count = episode?.transcripts.count, count < limits.maxListEntries {
        episode?.transcripts.append(
          FeedTranscript(
            url: url, type: nonEmpty(attributes["type"]), language: nonEmpty(attributes["language"]),
            rel: nonEmpty(attributes["rel"])))
      }
    case (.podcast, "person"), (.podcast, "funding"), (.podcast, "locked"):
      pendingAttributes = attributes
    default:
      break
    }
  }

  func end(_ name: XMLName, text: String, path: [XMLName]) {
    let parent = path.dropLast().last
    if name == XMLName(space: .none, local: "item") || name == XMLName(space: .atom, local: "entry") {
      finishEpisode()
    } else if episode != nil, let parent, parent.local == "item" || parent.local == "entry" {
      episodeField(name, text: text)
    } else if let parent, parent.local == "channel" || parent == XMLName(space: .atom, local: "feed") {
      feedField(name, text: text)
    } else if let parent {
      nestedField(name, parent: parent, text: text)
    }
  }

  private func episodeField(_ name: XMLName, text: String) {
    guard let value = nonEmpty(text) else { return }
    switch (name.space, name.local) {
    case (.none, "title"), (.atom, "title"): episode?.title = value
    case (.itunes, "title"): if episode?.title == nil { episode?.title = value }
    case (.none, "link"): episode?.link = value
    case (.none, "guid"), (.atom, "id"): episode?.guid = value
    case (.none, "pubdate"), (.none, "pubDate"), (.atom, "published"): episode?.publishedAt = FeedDate.parse(value)
    case (.atom, "updated"): if episode?.publishedAt == nil { episode?.publishedAt = FeedDate.parse(value) }
    case (.content, "encoded"), (.atom, "content"): describeEpisode(value, rank: 3)
    case (.none, "description"), (.atom, "summary"): describeEpisode(value, rank: 2)
    case (.itunes, "summary"): describeEpisode(value, rank: 1)
    case (.itunes, "duration"): episode?.durationSeconds = FeedDuration.seconds(value)
    case (.itunes, "explicit"): episode?.explicit = Self.flag(value)
    case (.itunes, "season"): episode?.season = Int(value)
    case (.itunes, "episode"): episode?.episode = Int(value)
    case (.itunes, "episodeType"): episode?.episodeType = value.lowercased()
    case (.podcast, "person"):
      if let person = person(value), let count = episode?.persons.count, count < limits.maxListEntries {
        episode?.persons.append(person)
      }
    default: break
    }
  }

  private func feedField(_ name: XMLName, text: String) {
    guard let value = nonEmpty(text) else { return }
    switch (name.space, name.local) {
    case (.none, "title"), (.atom, "title"): feed.title = value
    case (.none, "link"): feed.link = value
    case (.none, "description"), (.atom, "subtitle"): describeFeed(value, rank: 2)
    case (.itunes, "summary"): describeFeed(value, rank: 1)
    case (.none, "language"): feed.language = value
    case (.itunes, "author"): feed.author = value
    case (.itunes, "explicit"): feed.explicit = Self.flag(value)
    case (.itunes, "type"): feed.type = value.lowercased()
    case (.itunes, "new-feed-url"): feed.newFeedURL = value
    case (.podcast, "locked"): feed.locked = Self.flag(value)
    case (.podcast, "funding"):
      if let url = nonEmpty(pendingAttributes["url"]), feed.funding.count < limits.maxListEntries {
        feed.funding.append(FeedFunding(url: url, message: value))
      }
    case (.podcast, "person"):
      if let person = person(value), feed.persons.count < limits.maxListEntries { feed.persons.append(person) }
    default: break
    }
  }

  /// Fields one level further down: channel image, iTunes owner, Atom author.
  private func nestedField(_ name: XMLName, parent: XMLName, text: String) {
    guard let value = nonEmpty(text), episode == nil else { return }
    switch (parent.space, parent.local, name.local) {
    case (.none, "image", "url"): if feed.imageURL == nil { feed.imageURL = value }
    case (.itunes, "owner", "name"): feed.owner = FeedOwner(name: value, email: feed.owner?.email)
    case (.itunes, "owner", "email"): feed.owner = FeedOwner(name: feed.owner?.name, email: value)
    case (.atom, "author", "name"): if feed.author == nil { feed.author = value }
    default: break
    }
  }

  private func atomLink(_ attributes: [String: String]) {
    guard let href = nonEmpty(attributes["href"]) else { return }
    let rel = attributes["rel"] ?? "alternate"
    if episode != nil {
      if rel == "enclosure", episode?.enclosure == nil {
        episode?.enclosure = FeedEnclosure(
          url: href, type: nonEmpty(attributes["type"]), length: attributes["length"].flatMap { Int($0) })
      } else if rel == "alternate", episode?.link == nil {
        episode?.link = href
      }
    } else if rel == "alternate", feed.link == nil {
      feed.link = href
    }
  }

  private func finishEpisode() {
    guard var done = episode else { return }
    episode = nil
    if done.guid.isEmpty { done.guid = done.enclosure?.url ?? done.link ?? "" }
    // With no guid, enclosure or link an episode cannot be told apart from the next one.
    guard !done.guid.isEmpty, seenGuids.insert(done.guid).inserted else { return }
    feed.episodes.append(done)
    if feed.episodes.count >= limits.maxItems { feed.truncated = true }
  }

  private func describeEpisode(_ value: String, rank: Int) {
    guard rank > episodeDescriptionRank else { return }
    episodeDescriptionRank = rank
    episode?.description = value
    episode?.descriptionText = PlainText.from(html: value)
  }

  private func describeFeed(_ value: String, rank: Int) {
    guard rank > feedDescriptionRank else { return }
    feedDescriptionRank = rank
    feed.description = value
    feed.descriptionText = PlainText.from(html: value)
  }

  private func person(_ name: String) -> FeedPerson? {
    FeedPerson(
      name: name, role: nonEmpty(pendingAttributes["role"])?.lowercased(),
      group: nonEmpty(pendingAttributes["group"])?.lowercased(),
      href: nonEmpty(pendingAttributes["href"]), imageURL: nonEmpty(pendingAttributes["img"]))
  }

  /// iTunes and Podcasting 2.0 booleans: "yes"/"true"/"explicit" and "no"/"false"/"clean".
  static func flag(_ value: String) -> Bool? {
    switch value.lowercased() {
    case "yes", "true", "explicit": return true
    case "no", "false", "clean": return false
    default: return nil
    }
  }
}

func nonEmpty(_ value: String?) -> String? {
  guard let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
  return trimmed
}
