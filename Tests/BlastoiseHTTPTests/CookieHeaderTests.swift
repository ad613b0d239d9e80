import BlastoiseHTTP
import Testing

@Suite struct CookieHeaderTests {
  @Test func pairsAreSplitTrimmedAndTheFirstOfANameWins() {
    let header = " a=1;b = \"two words\" ; flag; =x; a=second"
    #expect(CookieHeader.parse(header) == ["a": "1", "b": "two words"])
    #expect(CookieHeader.values(named: "a", in: header) == ["1", "second"])
    #expect(CookieHeader.parse(nil).isEmpty)
  }

  /// Found by the cookie fuzzer: split by `Character`, a `;` followed by a combining mark was no
  /// separator, so one cookie's value swallowed the next cookie.
  @Test func aCombiningMarkAfterASeparatorDoesNotJoinTwoCookies() {
    let header = "theme=dark;\u{65D}x=1; blastoise_session=token"
    #expect(CookieHeader.parse(header) == ["theme": "dark", "\u{65D}x": "1", "blastoise_session": "token"])
    #expect(CookieHeader.values(named: "blastoise_session", in: "a=\u{600}; blastoise_session=token") == ["token"])
    // Blanks are trimmed even when a combining mark follows the last one.
    #expect(CookieHeader.parse("a= \u{301}b") == ["a": "\u{301}b"])
  }
}
