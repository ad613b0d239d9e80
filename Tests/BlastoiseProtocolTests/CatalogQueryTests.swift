import BlastoiseProtocol
import Testing

/// The catalog's query parameters, as the server reads them and clients write them.
@Suite struct CatalogQueryTests {
  @Test func aListQueryReadsWhatItWrites() throws {
    let query = ListQuery(page: PageQuery(limit: 100, offset: 200), sort: .random, seed: 7, genre: "g1")
    #expect(try ListQuery(parameters: Dictionary(uniqueKeysWithValues: query.parameters)) == query)
    #expect(query.limit == 100)
  }

  @Test func anEmptyListQueryIsTheFirstPageByName() throws {
    let query = try ListQuery(parameters: [:])
    #expect(query == ListQuery())
    #expect(query.limit == ListQuery.defaultLimit)
    #expect(query.page.offset == 0)
  }

  @Test(arguments: [
    ["limit": "0"], ["limit": "501"], ["limit": "ten"], ["offset": "-1"], ["sort": "rating"], ["seed": "-5"],
    ["seed": "4294967296"], ["genre": ""],
  ])
  func badValuesAreRefused(_ parameters: [String: String]) {
    #expect(throws: InvalidQuery.self) { try ListQuery(parameters: parameters) }
  }

  @Test func aPageQueryWithoutLimitIsEverythingFromItsOffset() throws {
    #expect(try PageQuery(parameters: [:]) == PageQuery())
    #expect(try PageQuery(parameters: ["offset": "10"]) == PageQuery(limit: nil, offset: 10))
    #expect(PageQuery().parameters.isEmpty)
  }

  @Test func aSearchNeedsTextAndTakesALimitPerKind() throws {
    #expect(try SearchQuery(parameters: ["q": "hljod"]) == SearchQuery(text: "hljod", limit: SearchQuery.defaultLimit))
    #expect(try SearchQuery(parameters: ["q": "a", "limit": "100"]).limit == 100)
    #expect(throws: InvalidQuery.self) { try SearchQuery(parameters: [:]) }
    #expect(throws: InvalidQuery.self) { try SearchQuery(parameters: ["q": ""]) }
    #expect(throws: InvalidQuery.self) { try SearchQuery(parameters: ["q": String(repeating: "x", count: 201)]) }
    #expect(throws: InvalidQuery.self) { try SearchQuery(parameters: ["q": "x", "limit": "101"]) }
  }
}
