import BlastoiseTestSupport
import Foundation
import Testing

@testable import BlastoiseFeeds

/// The fixture feeds read by FeedParser and by Python's feedparser (python3-feedparser, from
/// scripts/install-deps) must agree on what a player relies on: titles, guids, enclosures,
/// durations and publication dates.
@Suite struct FeedparserCrossCheckTests {
  struct Reference: Decodable {
    struct Episode: Decodable, Equatable {
      var guid: String
      var title: String?
      var enclosure: String?
      var duration: Int?
      var published: Int?
    }
    var file: String
    var title: String?
    var episodes: [Episode]
  }

  @Test func feedparserReadsTheFixturesTheSameWay() async throws {
    let script = FixtureFile.directory.deletingLastPathComponent().appendingPathComponent("feedparser_dump.py").path
    let paths = FixtureFile.feeds.map { FixtureFile.directory.appendingPathComponent($0).path }
    // Debian's python3 (where python3-feedparser installs), not whichever python3 is first on PATH.
    let python = try TestChild("/usr/bin/python3", [script] + paths, environment: ["LC_ALL": "C.UTF-8"])
    let status = try await python.waitForExit()
    #expect(status == 0, "\(python.errorText)")
    let references = try String(decoding: python.output, as: UTF8.self).split(separator: "\n").map {
      try JSONDecoder().decode(Reference.self, from: Data($0.utf8))
    }
    #expect(references.count == paths.count)
    for reference in references {
      let feed = try FeedParser.parse(try Data(contentsOf: URL(fileURLWithPath: reference.file)))
      let ours = feed.episodes.map {
        Reference.Episode(
          guid: $0.guid, title: $0.title, enclosure: $0.enclosure?.url, duration: $0.durationSeconds,
          published: $0.publishedAt.map { Int($0.timeIntervalSince1970.rounded(.down)) })
      }
      #expect(feed.title == reference.title, "\(reference.file)")
      #expect(ours == reference.episodes, "\(reference.file)")
    }
  }
}
