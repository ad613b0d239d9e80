import BlastoiseCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What one downloader round does with the stores, the outbound client and the data directory:
/// applies `PodcastRetention` to a feed (queues its newest episodes, deletes old downloads) and
/// downloads a claimed episode into an `EpisodeFile`.
struct EpisodeDownloads: Sendable {
  let podcasts: any PodcastStore
  let downloads: any PodcastDownloadStore
  /// The outbound client, with a timeout long enough for a large file.
  let http: OutboundHTTP
  let clock: any WallClock
  let dataDirectory: String
  let maxBytes: Int
  /// This node, as the owner of the downloads it claims.
  let owner: String

  static let accept = "audio/*, video/*;q=0.9, */*;q=0.5"

  func retain(_ feed: PodcastKeep) async throws {
    let (feedID, keep) = (feed.feedID, feed.keepLatest)
    let latest = keep > 0 ? try await podcasts.episodes(feedID: feedID, limit: keep, offset: 0).episodes : []
    let rows = try await downloads.downloads(feedID: feedID)
    let listening = try await downloads.listening(urls: rows.map(\.url))
    let plan = PodcastRetention.plan(
      episodes: latest.map { PodcastRetention.Episode(guid: $0.guid, url: $0.url) }, keepLatest: keep,
      downloads: rows, listening: listening, now: clock.milliseconds())
    try await downloads.queue(feedID: feedID, guids: plan.download, now: clock.milliseconds())
    for guid in plan.delete {
      if let path = try await downloads.remove(feedID: feedID, guid: guid) { unlink("\(dataDirectory)/\(path)") }
    }
  }

  /// Downloads a claimed episode; a failure is stored on the row for people to see.
  func download(_ row: PodcastDownload) async {
    do {
      let file = try EpisodeFile(dataDirectory: dataDirectory)
      let request = OutboundRequest(url: row.url, maxBytes: maxBytes, accept: Self.accept, sink: file)
      let response: OutboundResponse
      do {
        response = try await http.fetch(request)
      } catch {
        file.discard()
        return try await fail(row, error.message)
      }
      guard (200..<300).contains(response.status) else {
        file.discard()
        return try await fail(row, "The episode's server answered \(response.status)")
      }
      let (trackID, path) = try file.keep(extension: EpisodeFile.fileExtension(url: response.url, type: row.type))
      let stored = try await downloads.finish(
        feedID: row.feedID, guid: row.guid, owner: owner, trackID: trackID, path: path, bytes: file.bytes,
        now: clock.milliseconds())
      // Removed (or taken over) meanwhile: the file goes unless another download holds it.
      if !stored, try await downloads.filePath(trackID: trackID) == nil { unlink("\(dataDirectory)/\(path)") }
    } catch {
      ServerLog.write("podcasts: could not download \(row.url.prefix(200)): \(error)")
      try? await fail(row, "The episode could not be stored")
    }
  }

  private func fail(_ row: PodcastDownload, _ reason: String) async throws {
    try await downloads.fail(
      feedID: row.feedID, guid: row.guid, owner: owner, error: reason, now: clock.milliseconds())
  }
}
