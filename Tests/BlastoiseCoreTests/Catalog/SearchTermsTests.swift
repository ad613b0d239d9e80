import Testing

@testable import BlastoiseCore

@Suite struct SearchTermsTests {
  @Test func termsAreFoldedWordsAndTheLongestLeads() throws {
    let terms = try #require(SearchTerms("Sigur  RÓS hoppípolla"))
    #expect(terms.words == ["sigur", "ros", "hoppipolla"])
    #expect(terms.phrase == "sigur ros hoppipolla")
    #expect(terms.driver == "hoppipolla")
    #expect(terms.others == ["sigur", "ros"])
    #expect(try #require(SearchTerms("ab cd")).driver == "ab")
  }

  @Test func textWithoutWordsIsNoSearch() {
    #expect(SearchTerms("  -- !! ") == nil)
    #expect(SearchTerms("") == nil)
  }

  @Test func atMostFourTermsCount() throws {
    #expect(try #require(SearchTerms("a b c d e f")).words == ["a", "b", "c", "d"])
  }

  @Test func exactNamesComeFirstThenPrefixesThenWordsThenOtherFields() throws {
    let terms = try #require(SearchTerms("love"))
    let names = ["My Love", "Lovely Day", "Love", "Song", "Love Story", "Glove", "Love Me Do"]
    #expect(
      terms.ranked(names, foldedName: { SearchEntry(name: $0).name }, limit: 10) == [
        "Love", "Love Me Do", "Love Story", "Lovely Day", "My Love", "Song", "Glove",
      ])
    #expect(terms.ranked(names, foldedName: { SearchEntry(name: $0).name }, limit: 2) == ["Love", "Love Me Do"])
  }

  @Test func accentsDoNotChangeTheRank() throws {
    let terms = try #require(SearchTerms("hljod"))
    let ranked = terms.ranked(["Hljóðlega", "Hljóð"], foldedName: { SearchEntry(name: $0).name }, limit: 5)
    #expect(ranked == ["Hljóð", "Hljóðlega"])
  }
}
