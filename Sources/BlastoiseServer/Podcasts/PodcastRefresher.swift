import BlastoiseCore
import BlastoiseFeeds
import Foundation

/// Fetches one feed and stores how it went: a full answer is parsed and its episodes stored, a
/// 304 only moves the times, anything else is stored as the feed's error with a longer wait
/// (`PodcastSchedule`). Two nodes (or a person's "refresh" and the schedule) refreshing one feed
/// at once is harmless: the episodes are stored by guid and the last answer's fields win.
struct PodcastRefresher: Sendable {
  let store: any PodcastStore
  let http: OutboundHTTP
  let schedule: PodcastSchedule
  let clock: any WallClock
  /// Largest feed document (decompressed).
  var maxFeedBytes = 16 << 20
  /// Keeps the feed's picture after a fetch that names one (none: pictures are not kept).
  var artwork: PodcastArtwork?

  static let accept = "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5"
  /// Parsing a large feed takes a while of CPU: off the Swift pool, one at a time per lane.
  private static let parsing = WorkerLanes(label: "podcast-parse", count: 2)

  /// Fetches `url` and reads it as a feed, without storing anything (subscribing checks the
  /// address is a feed before keeping it).
  func read(url: String, etag: String? = nil, lastModified: String? = nil) async -> PodcastFetchOutcome {
    let response: OutboundResponse
    do {
      response = try await http.fetch(
        OutboundRequest(url: url, etag: etag, lastModified: lastModified, maxBytes: maxFeedBytes, accept: Self.accept))
    } catch {
      return .failed(error.message)
    }
    if response.notModified { return .notModified }
    guard (200..<300).contains(response.status) else { return .failed("The feed's server answered \(response.status)") }
    let body = response.body
    do {
      let feed = try await Self.parsing.run { try FeedParser.parse(Data(body)) }
      var content = PodcastFeedReading.content(
        of: feed, etag: response.headers["etag"], lastModified: response.headers["last-modified"])
      content.movedTo = FeedMove.target(
        stored: url, finalURL: response.url, redirects: response.redirects, declared: feed.newFeedURL)
      return .fetched(content)
    } catch let error as FeedError {
      return .failed(Self.describe(error))
    } catch {
      return .failed("The feed could not be read")
    }
  }

  /// Refreshes a stored feed: fetches it (conditionally) and records the outcome.
  @discardableResult
  func refresh(_ feed: PodcastFeed) async throws -> PodcastFetchOutcome {
    let outcome = await read(url: feed.url, etag: feed.etag, lastModified: feed.lastModified)
    try await store(outcome, for: feed)
    return outcome
  }

  /// Records `outcome` for `feed` at the clock's now, with the next check `schedule` gives.
  func store(_ outcome: PodcastFetchOutcome, for feed: PodcastFeed) async throws {
    let failures = if case .failed = outcome { feed.failures + 1 } else { 0 }
    let now = clock.milliseconds()
    let next = schedule.next(
      after: now, failures: failures, random: Double.random(in: 0..<1), minutes: feed.refreshMinutes)
    try await store.record(outcome, feedID: feed.id, now: now, failures: failures, nextCheckAt: next)
    if case .fetched(let content) = outcome { await artwork?.update(feed, imageURL: content.imageURL) }
  }

  static func describe(_ error: FeedError) -> String {
    switch error {
    case .notAFeed(let root):
      "The address serves \(root.isEmpty ? "no" : "a <\(root.prefix(40))>") document, not an RSS or Atom feed"
    case .malformed(let line, _): "The feed is not well-formed XML (line \(line))"
    }
  }
}
