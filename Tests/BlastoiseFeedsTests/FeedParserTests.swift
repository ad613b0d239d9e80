import Foundation
import Testing

@testable import BlastoiseFeeds

@Suite struct FeedParserTests {
  func parse(_ name: String) throws -> Feed { try FeedParser.parse(try FixtureFile.data(name)) }

  func date(_ text: String) -> Date? { FeedDate.iso8601(text) }

  @Test func typicalPodcastGivesChannelAndITunesFields() throws {
    let feed = try parse("podcast.rss")
    #expect(feed.format == .rss)
    #expect(feed.title == "The Lighthouse Hour")
    #expect(feed.descriptionText == "Stories from the coast & the people who keep the lights on.")
    #expect(feed.author == "Mara Quinn")
    #expect(feed.imageURL == "https://lighthouse.example/cover.jpg")
    #expect(feed.explicit == false)
    #expect(feed.type == "serial")
    #expect(feed.newFeedURL == "https://feeds.lighthouse.example/main.rss")
    #expect(feed.owner == FeedOwner(name: "Mara Quinn", email: "mara@lighthouse.example"))
    #expect(
      feed.categories == [
        FeedCategory(name: "Society & Culture", subcategories: ["Documentary"]), FeedCategory(name: "History"),
      ])
    #expect(feed.episodes.map(\.guid) == ["lighthouse-0002", "lighthouse-0001"])
  }

  @Test func typicalPodcastEpisodeFields() throws {
    let episode = try parse("podcast.rss").episodes[0]
    #expect(episode.title == "Episode 2: The Keeper")
    #expect(episode.publishedAt == date("2026-11-10T06:00:00Z"))
    #expect(
      episode.enclosure
        == FeedEnclosure(url: "https://cdn.lighthouse.example/ep2.mp3", type: "audio/mpeg", length: 48_213_442))
    #expect(episode.durationSeconds == 3930)
    #expect(episode.season == 1)
    #expect(episode.episode == 2)
    #expect(episode.episodeType == "full")
    #expect(episode.explicit == true)
    // content:encoded wins over the short description; the plain form drops the tags.
    #expect(episode.description?.hasPrefix("<p>The keeper <b>") == true)
    #expect(episode.descriptionText == "The keeper remembers the storm of '62.\nPart two.")
    let second = try parse("podcast.rss").episodes[1]
    #expect(second.publishedAt == date("2026-11-03T05:00:00Z"))
    #expect(second.durationSeconds == 2712)
    #expect(second.imageURL == "https://lighthouse.example/ep1.jpg")
  }

  @Test func atomFeedUsesLinksIdsAndDates() throws {
    let feed = try parse("atom.xml")
    #expect(feed.format == .atom)
    #expect(feed.title == "Night Reading")
    #expect(feed.link == "https://night.example/")
    #expect(feed.author == "Ada Reader")
    #expect(feed.descriptionText == "Public-domain audiobooks, one chapter a night.")
    let first = feed.episodes[0]
    #expect(first.guid == "urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a")
    #expect(first.link == "https://night.example/ch1")
    #expect(
      first.enclosure == FeedEnclosure(url: "https://night.example/ch1.ogg", type: "audio/ogg", length: 1_234_567))
    #expect(first.publishedAt == date("2026-11-18T19:00:00Z"))
    #expect(first.descriptionText == "It was a dark & stormy night.")
    #expect(
      feed.episodes[1].publishedAt
        == Date(timeIntervalSince1970: date("2026-11-20T21:00:00Z")!.timeIntervalSince1970 + 0.25))
  }

  @Test func messyFeedIsReadNotRejected() throws {
    let feed = try parse("messy.rss")
    #expect(feed.title == "Garage Talk")
    #expect(feed.explicit == false)  // namespace URI in the wrong case still counts
    #expect(feed.descriptionText == "Two friends, one garage.\nWeekly -ish.")
    #expect(
      feed.episodes.map(\.guid) == [
        "http://garage.example/audio/no-guid.mp3", "garage-bad-date", "garage-dup", "garage-iso",
      ])
    let noGuid = feed.episodes[0]
    #expect(noGuid.enclosure?.length == nil)
    #expect(noGuid.publishedAt == date("2026-11-03T19:05:00Z"))
    #expect(noGuid.durationSeconds == 2707)
    #expect(feed.episodes[1].publishedAt == nil)
    #expect(feed.episodes[1].durationSeconds == nil)
    #expect(feed.episodes[2].title == "Duplicate (first)")
    #expect(feed.episodes[3].publishedAt == date("2026-10-25T18:00:00Z"))
    #expect(feed.episodes[3].durationSeconds == 59)
  }

  @Test func podcasting20Tags() throws {
    let feed = try parse("podcast20.rss")
    #expect(feed.locked == true)
    #expect(feed.funding == [FeedFunding(url: "https://opensound.example/support", message: "Support the show")])
    #expect(
      feed.persons == [
        FeedPerson(
          name: "Jo Park", role: "host", group: nil, href: "https://opensound.example/jo",
          imageURL: "https://opensound.example/jo.jpg")
      ])
    let episode = feed.episodes[0]
    #expect(episode.durationSeconds == 3723)
    #expect(
      episode.chapters
        == FeedLink(url: "https://opensound.example/101/chapters.json", type: "application/json+chapters"))
    #expect(
      episode.transcripts == [
        FeedTranscript(url: "https://opensound.example/101/transcript.vtt", type: "text/vtt", language: "en", rel: nil),
        FeedTranscript(
          url: "https://opensound.example/101/captions.srt", type: "application/x-subrip", language: nil,
          rel: "captions"),
      ])
    #expect(episode.persons == [FeedPerson(name: "Sam Lee", role: "guest", group: "cast", href: nil, imageURL: nil)])
  }

  @Test func undeclaredPrefixesFallBackToTheirUsualNamespace() throws {
    let xml = "<rss><channel><item><guid>a</guid><itunes:duration>10:00</itunes:duration></item></channel></rss>"
    #expect(try FeedParser.parse(Data(xml.utf8)).episodes.first?.durationSeconds == 600)
  }

  @Test func nonFeedDocumentsAreClearErrors() {
    #expect(throws: FeedError.notAFeed(root: "html")) { try FeedParser.parse(Data("<html><body/></html>".utf8)) }
    #expect(throws: FeedError.self) { try FeedParser.parse(Data("not xml at all".utf8)) }
    #expect(throws: FeedError.self) { try FeedParser.parse(Data()) }
  }

  @Test func itemCapStopsTheParseAndMarksTheFeedTruncated() throws {
    let items = (0..<50).map { "<item><guid>g\($0)</guid></item>" }.joined()
    let feed = try FeedParser.parse(
      Data("<rss><channel>\(items)</channel></rss>".utf8), limits: FeedLimits(maxItems: 10))
    #expect(feed.episodes.count == 10)
    #expect(feed.truncated)
  }

  @Test func longFieldsAreCutAtTheCap() throws {
    let title = String(repeating: "x", count: 5000)
    let feed = try FeedParser.parse(
      Data("<rss><channel><title>\(title)</title></channel></rss>".utf8), limits: FeedLimits(maxFieldLength: 100))
    #expect(feed.title?.count == 100)
  }

  @Test(
    arguments: [
      ("3600", 3600), ("59:59", 3599), ("1:00:01", 3601), ("90.7", 90), ("", nil), ("1:2:3:4", nil), ("-5", nil),
      ("abc", nil),
    ] as [(String, Int?)])
  func durations(text: String, seconds: Int?) {
    #expect(FeedDuration.seconds(text) == seconds)
  }

  @Test(arguments: [
    ("Tue, 10 Nov 2026 06:00:00 GMT", "2026-11-10T06:00:00Z"), ("10 Nov 2026 06:00 +0130", "2026-11-10T04:30:00Z"),
    ("Tue,10 Nov 2026 06:00:00 PST", "2026-11-10T14:00:00Z"), ("Tue, 10 November 26 06:00:00", "2026-11-10T06:00:00Z"),
    ("2026-11-10", "2026-11-10T00:00:00Z"), ("2026-11-10T06:00:00-05:00", "2026-11-10T11:00:00Z"),
  ])
  func dates(text: String, iso: String) {
    #expect(FeedDate.parse(text) == date(iso))
  }

  @Test(arguments: [
    "", "yesterday", "Tue, 32 Nov 2026 06:00:00 GMT", "2026-13-01", "Tue, 10 Foo 2026", "2026-11-10T25:99",
  ])
  func badDatesAreNil(text: String) {
    #expect(FeedDate.parse(text) == nil)
  }
}

extension FeedParserTests {
  /// Found by fuzzing: FoundationXML traps on a name that is not UTF-8; the parser refuses it instead.
  @Test func invalidUTF8IsAnErrorNotACrash() {
    var bytes = Array("<rss><channel><item a".utf8)
    bytes.append(0xC1)
    bytes += Array("=\"x\"/></channel></rss>".utf8)
    #expect(throws: FeedError.malformed(line: 0, reason: "not valid UTF-8")) { try FeedParser.parse(Data(bytes)) }
    #expect(throws: FeedError.self) { try OPMLParser.parse(Data(bytes)) }
  }
}

extension FeedParserTests {
  @Test func unknownDeclaredEncodingStillNeedsUTF8() {
    var bytes = Array("<?xml version=\"1.0\" encoding=\"UTnorg\"?><rss a".utf8)
    bytes.append(0xC1)
    bytes += Array("=\"x\"/>".utf8)
    #expect(throws: FeedError.malformed(line: 0, reason: "not valid UTF-8")) { try FeedParser.parse(Data(bytes)) }
  }

  /// Found by fuzzing: a declaration that is not at the start does not count, so the bytes must
  /// be UTF-8 (libxml2 would read them so, and FoundationXML trap on the name).
  @Test func aDeclarationAfterTheStartDoesNotCount() {
    var bytes: [UInt8] = [UInt8(ascii: "<")] + Array(repeating: 0xFF, count: 40)
    bytes += Array("?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><opml/>".utf8)
    #expect(throws: FeedError.malformed(line: 0, reason: "not valid UTF-8")) { try OPMLParser.parse(Data(bytes)) }
    #expect(throws: FeedError.malformed(line: 0, reason: "not valid UTF-8")) { try FeedParser.parse(Data(bytes)) }
  }

  @Test func windows1252AndUTF16FeedsAreConverted() throws {
    var bytes = Array("<?xml version=\"1.0\" encoding=\"windows-1252\"?><rss><channel><title>".utf8)
    bytes += [0x93, 0x51, 0x94]  // “Q”
    bytes += Array("</title></channel></rss>".utf8)
    #expect(try FeedParser.parse(Data(bytes)).title == "\u{201C}Q\u{201D}")
    let utf16 = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><rss><channel><title>Hljóð</title></channel></rss>"
    #expect(try FeedParser.parse(utf16.data(using: .utf16)!).title == "Hljóð")
  }

  @Test func latin1FeedsAreConvertedNotRefused() throws {
    var bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss><channel><title>Caf".utf8)
    bytes.append(0xE9)
    bytes += Array("</title></channel></rss>".utf8)
    #expect(try FeedParser.parse(Data(bytes)).title == "Café")
  }
}

extension FeedParserTests {
  /// Found by fuzzing: FoundationXML crashes on a processing instruction without data.
  @Test func processingInstructionWithoutDataIsAnError() throws {
    #expect(throws: FeedError.self) { try FeedParser.parse(Data("<rss><?x?><channel/></rss>".utf8)) }
    #expect(throws: FeedError.self) { try OPMLParser.parse(Data("<opml><?x ?></opml>".utf8)) }
    let styled =
      "<?xml version=\"1.0\"?><?xml-stylesheet type=\"text/xsl\" href=\"s.xsl\"?><rss><channel><title>T</title></channel></rss>"
    #expect(try FeedParser.parse(Data(styled.utf8)).title == "T")
  }
}
