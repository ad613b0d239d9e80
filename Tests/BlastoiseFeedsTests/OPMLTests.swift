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

  /// A garbled declaration naming a code page that does not exist is checked as UTF-8 and
  /// refused (FoundationXML trapped on it; found by fuzzing); a real one libxml2 converts is read.
  @Test func aGarbledDeclarationIsRefusedAndARealCodePageRead() throws {
    let garbled = Data(
      base64Encoded:
        "PD94bWwgdmVyc2lvbjs8P3glbWwgdmVyc2lvbj0iMSsuMCJ1dGYtOGZvcm1hdCAq////////////////////////ZW5jb2Rpbmc9IndpbmRvd3MtMTI1Im9kaSkwMDAwMDA0NyI/Pgo85ubm5ubm5uZvMjItNAAAbAA8AAA="
    )!
    #expect(throws: FeedError.self) { try OPMLParser.parse(garbled) }
    var cyrillic = Array(#"<?xml version="1.0" encoding="windows-1251"?><opml version="2.0"><body>"#.utf8)
    cyrillic += Array(#"<outline type="rss" text=""#.utf8) + [0xD0, 0xE0, 0xE4, 0xE8, 0xEE]
    cyrillic += Array(#"" xmlUrl="https://radio.example/feed"/></body></opml>"#.utf8)
    let read = try OPMLParser.parse(Data(cyrillic))
    #expect(read.map(\.feedURL) == ["https://radio.example/feed"] && read.first?.title == "Радио")
  }

  @Test func nonOPMLDocumentsAreClearErrors() {
    #expect(throws: FeedError.notAFeed(root: "rss")) { try OPMLParser.parse(Data("<rss/>".utf8)) }
    #expect(throws: FeedError.self) { try OPMLParser.parse(Data("<opml><body>".utf8)) }
  }
}
