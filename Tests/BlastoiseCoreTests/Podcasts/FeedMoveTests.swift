import BlastoiseCore
import Testing

@Suite struct FeedMoveTests {
  let stored = "https://old.example/feed.xml"
  let moved = "https://new.example/feed.xml"

  @Test func permanentRedirectsMoveTheFeed() {
    #expect(FeedMove.target(stored: stored, finalURL: moved, redirects: [301], declared: nil) == moved)
    #expect(FeedMove.target(stored: stored, finalURL: moved, redirects: [308, 301], declared: nil) == moved)
  }

  @Test func aTemporaryHopAnywhereKeepsTheStoredAddress() {
    for chain in [[302], [307], [303], [301, 302], [302, 301]] {
      #expect(FeedMove.target(stored: stored, finalURL: moved, redirects: chain, declared: nil) == nil)
    }
    #expect(FeedMove.target(stored: stored, finalURL: stored, redirects: [], declared: nil) == nil)
  }

  @Test func theFeedsDeclaredNewAddressMovesIt() {
    #expect(FeedMove.target(stored: stored, finalURL: stored, redirects: [], declared: " \(moved)\n") == moved)
    // A temporary redirect is not kept, but what the document declares still is.
    #expect(
      FeedMove.target(stored: stored, finalURL: "https://cdn.example/x", redirects: [302], declared: moved) == moved)
    // The redirect wins: it is where the document was found.
    #expect(
      FeedMove.target(stored: stored, finalURL: moved, redirects: [301], declared: "https://third.example/") == moved)
  }

  @Test func unusableAddressesAreIgnored() {
    for declared in [
      stored, "", "ftp://new.example/feed", "/relative/feed.xml", "javascript:alert(1)",
      "https://new.example/a b", "https://new.example/\u{0}",
      "https://x.example/" + String(repeating: "a", count: 2_048),
    ] {
      #expect(FeedMove.target(stored: stored, finalURL: stored, redirects: [], declared: declared) == nil)
    }
  }
}
