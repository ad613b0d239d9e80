import BlastoiseCore
import BlastoiseFeeds
import BlastoiseProtocol
import Foundation

/// What of a parsed feed the store keeps: text fields as plain text, each at most
/// `maxTextLength` characters (a feed's limits allow 64 KiB a field), and only the episodes
/// with an enclosure — an item without audio is not an episode anyone can play.
enum PodcastFeedReading {
  static let maxTextLength = 10_000

  static func content(of feed: Feed, etag: String?, lastModified: String?) -> PodcastFeedContent {
    PodcastFeedContent(
      title: text(feed.title), author: text(feed.author ?? feed.owner?.name),
      description: text(feed.descriptionText), imageURL: text(feed.imageURL), link: text(feed.link), etag: etag,
      lastModified: lastModified, episodes: feed.episodes.compactMap(episode))
  }

  private static func episode(_ item: FeedEpisode) -> PodcastEpisode? {
    guard let enclosure = item.enclosure, !enclosure.url.isEmpty else { return nil }
    return PodcastEpisode(
      guid: item.guid, title: text(item.title),
      publishedAt: item.publishedAt.map { Int64(($0.timeIntervalSince1970 * 1_000).rounded()) },
      duration: item.durationSeconds.map(Double.init), url: enclosure.url, type: text(enclosure.type),
      length: enclosure.length.map(Int64.init), description: text(item.descriptionText),
      chaptersURL: text(item.chapters?.url), imageURL: text(item.imageURL))
  }

  private static func text(_ value: String?) -> String? {
    guard let value, !value.isEmpty else { return nil }
    return value.count <= maxTextLength ? value : String(value.prefix(maxTextLength))
  }
}
