import Foundation
import Testing

@testable import BlastoiseFeeds

@Suite struct OPMLTests {
  @Test func importFlattensNestedOutlinesAndReadsAnyAttributeCase() throws {
    let subscriptions = try OPMLParser.parse(try FixtureFile.data("subscriptions.opml"))
    #expect(
      subscriptions == [
        OPMLSubscription(title: "A & B", feedURL: "https://a.example/feed?x=1&y=2", siteURL: "https://a.example"),
        OPMLSubscription(title: "C", feedURL: "https://c.example/rss"),
      ])
  }

  @Test func exportIsValidEscapedOPMLThatImportsBack() throws {
    let subscriptions = [
      OPMLSubscription(
        title: "Tom & \"Jerry\" <live>", feedURL: "https://t.example/rss?a=1&b=2", siteURL: "https://t.example"),
      OPMLSubscription(title: nil, feedURL: "https://u.example/feed"),
    ]
    let document = OPMLWriter.document(title: "My <podcasts>", subscriptions: subscriptions)
    #expect(document.contains("text=\"Tom &amp; &quot;Jerry&quot; &lt;live&gt;\""))
    #expect(document.contains("<title>My &lt;podcasts&gt;</title>"))
    let again = try OPMLParser.parse(Data(document.utf8))
    #expect(again[0] == subscriptions[0])
    #expect(again[1] == OPMLSubscription(title: "https://u.example/feed", feedURL: "https://u.example/feed"))
  }

  @Test func nonOPMLDocumentsAreClearErrors() {
    #expect(throws: FeedError.notAFeed(root: "rss")) { try OPMLParser.parse(Data("<rss/>".utf8)) }
    #expect(throws: FeedError.self) { try OPMLParser.parse(Data("<opml><body>".utf8)) }
  }
}
