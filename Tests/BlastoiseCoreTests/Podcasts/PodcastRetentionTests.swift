import BlastoiseCore
import Testing

/// `PodcastRetention`: the newest `keepLatest` are downloaded, older downloads go unless someone
/// is in the middle of one or asked for it lately and has not finished it.
@Suite struct PodcastRetentionTests {
  private let day: Int64 = 24 * 60 * 60 * 1_000
  private let now: Int64 = 1_000_000_000_000

  private func episodes(_ guids: String...) -> [PodcastRetention.Episode] {
    guids.map { PodcastRetention.Episode(guid: $0, url: "https://cdn.example/\($0).mp3") }
  }

  private func done(_ guid: String, requestedAt: Int64? = nil, by user: Int? = nil) -> PodcastDownload {
    PodcastDownload(
      feedID: "f", guid: guid, url: "https://cdn.example/\(guid).mp3", state: .done, trackID: "sha256:\(guid)",
      path: "episodes/\(guid).mp3", requestedAt: requestedAt, requestedBy: user, updatedAt: 0)
  }

  private func heard(_ guid: String, user: Int = 1, at position: Double, finished: Bool = false) -> PodcastListening {
    PodcastListening(userID: user, url: "https://cdn.example/\(guid).mp3", position: position, finished: finished)
  }

  @Test func theNewestAreDownloadedAndOnlyTheMissingQueued() {
    let plan = PodcastRetention.plan(
      episodes: episodes("e5", "e4", "e3", "e2", "e1"), keepLatest: 3, downloads: [done("e4")], listening: [],
      now: now)
    #expect(plan.download == ["e5", "e3"])
    #expect(plan.delete.isEmpty)
  }

  @Test func olderDownloadsGoButNotOneSomeoneIsInTheMiddleOf() {
    let plan = PodcastRetention.plan(
      episodes: episodes("e3"), keepLatest: 1, downloads: [done("e3"), done("e2"), done("e1"), done("gone")],
      listening: [heard("e2", at: 120), heard("e1", user: 2, at: 1_800, finished: true)], now: now)
    #expect(plan.download.isEmpty)
    #expect(plan.delete == ["e1", "gone"])
  }

  @Test func progressAtTheStartDoesNotKeepADownload() {
    let plan = PodcastRetention.plan(
      episodes: [], keepLatest: 0, downloads: [done("e1")], listening: [heard("e1", at: 0)], now: now)
    #expect(plan.delete == ["e1"])
  }

  @Test func aRequestKeepsItForThirtyDaysUntilTheRequesterFinishes() {
    let asked = done("old", requestedAt: now - 29 * day, by: 7)
    let stale = done("stale", requestedAt: now - 31 * day, by: 7)
    let finished = done("heard", requestedAt: now - day, by: 7)
    let plan = PodcastRetention.plan(
      episodes: [], keepLatest: 0, downloads: [asked, stale, finished],
      listening: [heard("heard", user: 7, at: 3_000, finished: true), heard("old", user: 8, at: 0, finished: true)],
      now: now)
    #expect(plan.delete == ["stale", "heard"])
  }

  @Test func aDownloadUnderWayIsLeftToFinish() {
    var running = done("e1")
    running.state = .downloading
    var queued = done("e0")
    queued.state = .queued
    let plan = PodcastRetention.plan(
      episodes: [], keepLatest: 0, downloads: [running, queued], listening: [], now: now)
    #expect(plan.delete == ["e0"])
  }
}
