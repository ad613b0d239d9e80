import BlastoiseCore
import Foundation

/// Downloads episodes on every node, every `tickSeconds` and when woken (a person asks for an
/// episode, changes a feed's `keepLatest`): each round applies retention to every subscribed
/// feed (and to unsubscribed ones still holding downloads, as keeping none), then claims queued downloads a batch at a time (`PodcastDownloadStore.claim`: a lease of
/// `leaseMilliseconds`, after which a node that died mid-download leaves them to another) and
/// downloads `concurrency` at once.
final class PodcastDownloader: Sendable {
  private let rounds: PeriodicRounds

  static let batch = 8
  /// Longer than a download may take (`timeoutSeconds`), so no two nodes fetch one episode.
  static let timeoutSeconds = 3_600
  static let leaseMilliseconds: Int64 = Int64(timeoutSeconds + 600) * 1_000

  init(work: EpisodeDownloads, concurrency: Int = 2, tickSeconds: Double = 30) {
    let width = max(1, concurrency)
    rounds = PeriodicRounds(clock: work.clock, tickSeconds: tickSeconds) {
      await Self.round(work, concurrency: width)
    }
  }

  func wake() { rounds.wake() }

  func stop() { rounds.stop() }

  private static func round(_ work: EpisodeDownloads, concurrency: Int) async {
    do {
      for feed in try await work.downloads.retained() where !Task.isCancelled { try await work.retain(feed) }
      while !Task.isCancelled {
        let now = work.clock.milliseconds()
        let claimed = try await work.downloads.claim(
          owner: work.owner, now: now, until: now + leaseMilliseconds, limit: batch)
        await PeriodicRounds.each(claimed, width: concurrency) { await work.download($0) }
        if claimed.count < batch { return }
      }
    } catch {
      ServerLog.write("podcasts: download round failed: \(error)")
    }
  }
}
