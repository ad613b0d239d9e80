import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol
import Testing

@testable import BlastoiseServer

@Suite struct CatalogListingTests {
  @Test func mostPlayedSortsByNameUntilPlaysAreCounted() throws {
    #expect(CatalogListing.albumOrder(ListQuery(sort: .played), newSeed: { 1 }) == .name)
    #expect(try CatalogListing.artistOrder(ListQuery(sort: .played), newSeed: { 1 }) == .name)
    #expect(CatalogListing.albumOrder(ListQuery(), newSeed: { 1 }) == .name)
  }

  @Test func aRandomOrderKeepsItsSeedOrGetsANewOne() throws {
    #expect(CatalogListing.albumOrder(ListQuery(sort: .random, seed: 9), newSeed: { 1 }) == .random(seed: 9))
    #expect(CatalogListing.albumOrder(ListQuery(sort: .random), newSeed: { 5 }) == .random(seed: 5))
    #expect(try CatalogListing.artistOrder(ListQuery(sort: .random), newSeed: { 5 }) == .random(seed: 5))
  }

  @Test func artistsRefuseAlbumOnlyOrdersAndFilters() {
    #expect(throws: HTTPError.self) { try CatalogListing.artistOrder(ListQuery(sort: .year), newSeed: { 1 }) }
    #expect(throws: HTTPError.self) { try CatalogListing.artistOrder(ListQuery(genre: "g"), newSeed: { 1 }) }
  }

  @Test func thePageIsTheQuerysOrTheFirstFifty() {
    #expect(CatalogListing.range(ListQuery()) == PageRange(offset: 0, limit: 50))
    #expect(
      CatalogListing.range(ListQuery(page: PageQuery(limit: 5, offset: 10))) == PageRange(offset: 10, limit: 5))
  }
}
