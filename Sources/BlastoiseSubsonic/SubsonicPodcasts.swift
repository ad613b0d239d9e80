import BlastoiseProtocol
import Foundation

/// Podcasts as the Subsonic API's `PodcastChannel` and `PodcastEpisode`. An episode's ID says
/// its feed and guid (`SubsonicPodcasts.episodeID`), so `getPodcastEpisode` finds it again;
/// `streamId` is the server's copy, a track ID `stream` plays, once downloaded.
public enum SubsonicPodcasts {
  public static func channel(_ podcast: PodcastInfo, episodes: [PodcastEpisode]?) -> SubsonicElement {
    SubsonicElement(
      "channel",
      [
        "id": podcast.id, "url": podcast.url, "title": podcast.title, "description": podcast.description,
        "coverArt": podcast.coverId, "originalImageUrl": podcast.imageURL,
        "status": podcast.lastError == nil ? "completed" : "error",
        "errorMessage": podcast.lastError,
      ], children: episodes.map { [.list("episode", $0.map { episode($0, feed: podcast) })] } ?? [])
  }

  public static func episode(_ episode: PodcastEpisode, feed: PodcastInfo, name: String = "episode") -> SubsonicElement
  {
    SubsonicElement(
      name,
      [
        "id": episodeID(feedID: feed.id, guid: episode.guid), "parent": feed.id, "isDir": false,
        "title": episode.title ?? episode.url, "album": feed.title, "artist": feed.author, "coverArt": feed.coverId,
        "duration": episode.duration.map { Int($0.rounded()) }, "size": episode.length,
        "contentType": episode.type, "streamId": episode.trackId, "channelId": feed.id,
        "description": episode.description, "status": status(episode.download),
        "publishDate": episode.publishedAt.map(SubsonicDate.string(milliseconds:)), "type": "podcast",
        "mediaType": "podcast",
      ])
  }

  /// `pe.<feed ID>.<guid in base64url>`.
  public static func episodeID(feedID: String, guid: String) -> String {
    "pe." + feedID + "."
      + Data(guid.utf8).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// The feed and guid an episode ID says; nil for anything else.
  public static func episode(fromID id: String) -> (feedID: String, guid: String)? {
    let parts = id.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0] == "pe", !parts[1].isEmpty else { return nil }
    var base64 = parts[2].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    guard let data = Data(base64Encoded: base64), let guid = String(data: data, encoding: .utf8) else { return nil }
    return (String(parts[1]), guid)
  }

  /// The server's copy as `PodcastStatus`: `new` while there is none.
  static func status(_ download: String?) -> String {
    switch download {
    case "done": "completed"
    case "queued", "downloading": "downloading"
    case "failed": "error"
    default: "new"
    }
  }
}
