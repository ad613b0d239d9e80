import BlastoiseCore
import Foundation

/// Refreshes the feeds that are due, on every node: every `tickSeconds`, and at once when woken
/// (a subscription made through gPodder or an OPML import). Each round first gives subscribed
/// URLs without a feed row one (gPodder clients subscribe by URL only), then claims due feeds a
/// batch at a time (`PodcastStore.claimDue`: a claimed feed's next check moves `leaseMinutes`
/// ahead, so another node skips it, and a node that dies mid-refresh leaves it due again after
/// that) and refreshes `concurrency` of them at once.
final class PodcastScheduler: Sendable {
  private let rounds: PeriodicRounds
  /// What fetches each feed, and its schedule.
  let refresher: PodcastRefresher

  static let batch = 32
  static let leaseMilliseconds: Int64 = 10 * PodcastSchedule.minute

  init(refresher: PodcastRefresher, concurrency: Int = 4, tickSeconds: Double = 30) {
    self.refresher = refresher
    let (store, width) = (refresher.store, max(1, concurrency))
    rounds = PeriodicRounds(clock: refresher.clock, tickSeconds: tickSeconds) {
      await Self.round(store: store, refresher: refresher, concurrency: width)
    }
  }

  func wake() { rounds.wake() }

  /// Ends the rounds without waiting for fetches in flight (each ends within its timeout; what it
  /// stores after the store closed fails quietly).
  func stop() { rounds.stop() }

  private static func round(store: any PodcastStore, refresher: PodcastRefresher, concurrency: Int) async {
    do {
      let now = refresher.clock.milliseconds()
      _ = try await store.addMissingFeeds(now: now, newID: PodcastID.make)
      while !Task.isCancelled {
        let now = refresher.clock.milliseconds()
        let due = try await store.claimDue(now: now, until: now + leaseMilliseconds, limit: batch)
        await PeriodicRounds.each(due, width: concurrency) { feed in
          do {
            try await refresher.refresh(feed)
          } catch {
            ServerLog.write("podcasts: could not store the refresh of \(feed.url.prefix(200)): \(error)")
          }
        }
        if due.count < batch { return }
      }
    } catch {
      ServerLog.write("podcasts: refresh round failed: \(error)")
    }
  }
}

/// A feed's ID: 12 random hex digits, made by the server (as room IDs are), so every backend
/// stores it as plain text.
enum PodcastID {
  @Sendable static func make() -> String {
    var generator = SystemRandomNumberGenerator()
    let bits: UInt64 = generator.next() & 0xffff_ffff_ffff
    return String(format: "%012llx", bits)
  }

  static func isValid(_ text: String) -> Bool {
    text.utf8.count == 12 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }
}
