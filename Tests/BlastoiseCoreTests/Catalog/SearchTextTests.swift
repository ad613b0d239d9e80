import Testing

@testable import BlastoiseCore

@Suite struct SearchTextTests {
  @Test(arguments: [
    ("Hljóð", "hljod"), ("Sigur Rós", "sigur ros"), ("Ágætis byrjun", "agaetis byrjun"), ("ÆRØ", "aero"),
    ("Straße", "strasse"), ("Łódź", "lodz"), ("Þórr", "thorr"), ("Œuvre", "oeuvre"), ("İstanbul", "istanbul"),
    ("ﬁne", "fine"), ("Ｂｊöｒｋ", "bjork"), ("Кино", "кино"), ("Ёж", "еж"),
  ])
  func foldsCaseAccentsAndLetterVariants(_ text: String, _ folded: String) {
    #expect(SearchText.fold(text) == folded)
  }

  @Test func wordsAreRunsOfLettersAndDigitsEachOnce() {
    #expect(SearchText.words("Don't Stop Me Now (Live, 1979) — live") == ["dont", "stop", "me", "now", "live", "1979"])
    #expect(SearchText.words("AC/DC: Back in Black") == ["ac", "dc", "back", "in", "black"])
    #expect(SearchText.words("  ♫ – ½ ") == ["1", "2"])  // NFKD writes ½ as 1⁄2
    #expect(SearchText.words("").isEmpty)
  }

  @Test func catalogNamesCompareFoldedWithWhiteSpaceCollapsed() {
    #expect(CatalogKey.normalized("  Sigur   Rós ") == CatalogKey.normalized("sigur ros"))
    #expect(CatalogKey.artistID("Björk") == CatalogKey.artistID("BJORK"))
    #expect(CatalogKey.artistID("Björk") != CatalogKey.artistID("Bjork Band"))
    #expect(CatalogKey.id("x").count == 16)
  }

  @Test func sortKeysUseTheSortTagOrDropALeadingThe() {
    #expect(SortKey.of("The Beatles") == "beatles")
    #expect(SortKey.of("The") == "the")
    #expect(SortKey.of("The Beatles", sortName: "Beatles, The") == "beatles, the")
    #expect(SortKey.of(nil) == SortKey.unknown)
    #expect(SortKey.of("Ångström") < SortKey.unknown)
  }
}
