import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol
import Testing

@testable import BlastoiseServer

@Suite struct CatalogListingTests {
  static let ann = Principal(userID: 7, username: "ann", role: .user, sessionID: "s")

  @Test func mostPlayedIsTheAskersOwnPlays() throws {
    #expect(CatalogListing.albumOrder(ListQuery(sort: .played), person: Self.ann, newSeed: { 1 }) == .played(userID: 7))
    #expect(
      try CatalogListing.artistOrder(ListQuery(sort: .played), person: Self.ann, newSeed: { 1 }) == .played(userID: 7))
    #expect(CatalogListing.albumOrder(ListQuery(), person: Self.ann, newSeed: { 1 }) == .name)
  }

  @Test func aRandomOrderKeepsItsSeedOrGetsANewOne() throws {
    #expect(
      CatalogListing.albumOrder(ListQuery(sort: .random, seed: 9), person: Self.ann, newSeed: { 1 }) == .random(seed: 9)
    )
    #expect(CatalogListing.albumOrder(ListQuery(sort: .random), person: Self.ann, newSeed: { 5 }) == .random(seed: 5))
    #expect(
      try CatalogListing.artistOrder(ListQuery(sort: .random), person: Self.ann, newSeed: { 5 }) == .random(seed: 5))
  }

  @Test func artistsRefuseAlbumOnlyOrdersAndFilters() {
    #expect(throws: HTTPError.self) {
      try CatalogListing.artistOrder(ListQuery(sort: .year), person: Self.ann, newSeed: { 1 })
    }
    #expect(throws: HTTPError.self) {
      try CatalogListing.artistOrder(ListQuery(genre: "g"), person: Self.ann, newSeed: { 1 })
    }
  }

  @Test func thePageIsTheQuerysOrTheFirstFifty() {
    #expect(CatalogListing.range(ListQuery()) == PageRange(offset: 0, limit: 50))
    #expect(
      CatalogListing.range(ListQuery(page: PageQuery(limit: 5, offset: 10))) == PageRange(offset: 10, limit: 5))
  }
}
