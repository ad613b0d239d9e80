import BlastoiseCore
import Foundation
import Testing

@testable import BlastoiseServer

/// The one outbound client against a real HTTP server on loopback: the address check on every
/// hop, the body cap (also after gzip), conditional GET, gzip, redirect and time limits.
@Suite struct OutboundHTTPTests {
  /// Only 127.0.0.1 is allowed: the site lives there, and every other address stands for a
  /// private one a hostile feed would send the server to.
  private static let onlyTheSite = OutboundHTTP(permits: { $0 == IPAddress("127.0.0.1") })

  @Test func theDefaultPolicyRefusesLoopbackBeforeConnecting() async throws {
    let site = try await FeedFixtureSite()
    try site.write("a.xml", FixtureFeeds.rss())
    let policy = OutboundAddressPolicy(allowPrivate: false)
    let client = OutboundHTTP(permits: { policy.permits($0) })
    await #expect(
      throws: OutboundFailure(
        .refusedAddress, "127.0.0.1 is a private or local address; this server only fetches from public addresses")
    ) {
      try await client.fetch(OutboundRequest(url: site.url("/feeds/a.xml")))
    }
    #expect(try site.hits("a.xml").full == 0)
    let allowed = OutboundAddressPolicy(allowPrivate: true)
    let response = try await OutboundHTTP(permits: { allowed.permits($0) }).fetch(
      OutboundRequest(url: site.url("/feeds/a.xml")))
    #expect(response.status == 200 && response.body == Array(FixtureFeeds.rss().utf8))
  }

  @Test func aRedirectToARefusedAddressIsRefused() async throws {
    let site = try await FeedFixtureSite()
    try site.write("a.xml", FixtureFeeds.rss())
    for target in [
      "http://127.0.0.2:\(site.port)/feeds/a.xml", "http://[::1]:\(site.port)/feeds/a.xml",
      "http://169.254.169.254/latest/meta-data/",
    ] {
      let hop = site.url("/redirect?to=" + target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
      let failure = await #expect(throws: OutboundFailure.self) {
        try await Self.onlyTheSite.fetch(OutboundRequest(url: hop))
      }
      #expect(failure?.kind == .refusedAddress, "\(target)")
    }
    // The same redirect to an allowed address is followed, and the answer says where it ended.
    let allowedHop = site.url(
      "/redirect?to=" + site.url("/feeds/a.xml").addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
    let followed = try await Self.onlyTheSite.fetch(OutboundRequest(url: allowedHop))
    #expect(followed.status == 200 && followed.url == site.url("/feeds/a.xml"))
  }

  @Test func redirectsStopAfterFive() async throws {
    let site = try await FeedFixtureSite()
    let failure = await #expect(throws: OutboundFailure.self) {
      try await Self.onlyTheSite.fetch(OutboundRequest(url: site.url("/loop/0")))
    }
    #expect(failure?.kind == .tooManyRedirects)
  }

  @Test func anEndlessBodyAndAGzipBombAreCutAtTheCap() async throws {
    let site = try await FeedFixtureSite()
    for path in ["/endless/", "/bomb/"] {
      let failure = await #expect(throws: OutboundFailure.self) {
        try await Self.onlyTheSite.fetch(OutboundRequest(url: site.url(path), maxBytes: 1 << 20))
      }
      #expect(failure?.kind == .tooLarge)
    }
  }

  @Test func anUnchangedFeedAnswers304WithItsETag() async throws {
    let site = try await FeedFixtureSite()
    try site.write("a.xml", FixtureFeeds.rss())
    let first = try await Self.onlyTheSite.fetch(OutboundRequest(url: site.url("/feeds/a.xml")))
    let etag = try #require(first.headers["etag"])
    #expect(first.status == 200 && first.headers["last-modified"] == "Mon, 01 Dec 2025 10:00:00 GMT")
    let second = try await Self.onlyTheSite.fetch(
      OutboundRequest(url: site.url("/feeds/a.xml"), etag: etag, lastModified: first.headers["last-modified"]))
    #expect(second.notModified && second.body.isEmpty)
    try site.write("a.xml", FixtureFeeds.rss(episodes: 4))
    let changed = try await Self.onlyTheSite.fetch(OutboundRequest(url: site.url("/feeds/a.xml"), etag: etag))
    #expect(changed.status == 200 && changed.headers["etag"] != etag)
    #expect(try site.hits("a.xml") == (full: 2, notModified: 1))
  }

  @Test func gzipIsUndone() async throws {
    let site = try await FeedFixtureSite()
    try site.write("a.xml", FixtureFeeds.rss(episodes: 20))
    let response = try await Self.onlyTheSite.fetch(OutboundRequest(url: site.url("/gzip/a.xml")))
    #expect(response.headers["content-encoding"] == "gzip")
    #expect(response.body == Array(FixtureFeeds.rss(episodes: 20).utf8))
  }

  @Test func aServerThatNeverAnswersTimesOut() async throws {
    let site = try await FeedFixtureSite()
    var client = Self.onlyTheSite
    client.timeoutSeconds = 1
    let failure = await #expect(throws: OutboundFailure.self) {
      try await client.fetch(OutboundRequest(url: site.url("/hang/")))
    }
    #expect(failure?.kind == .timedOut)
  }

  @Test(arguments: ["file:///etc/passwd", "gopher://127.0.0.1/", "http://u:p@127.0.0.1/", "not a url"])
  func onlyHTTPURLsAreFetched(url: String) async {
    let failure = await #expect(throws: OutboundFailure.self) {
      try await Self.onlyTheSite.fetch(OutboundRequest(url: url))
    }
    #expect(failure?.kind == .failed)
  }
}
