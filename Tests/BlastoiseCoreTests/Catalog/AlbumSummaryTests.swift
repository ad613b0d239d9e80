import BlastoiseProtocol
import Testing

@testable import BlastoiseCore

@Suite struct AlbumSummaryTests {
  static func member(
    _ id: String, _ title: String, album: String = "Album", artist: String? = "Band", disc: Int? = nil,
    track: Int? = nil, date: String? = nil, genres: [String] = [], discTotal: Int? = nil, addedAt: Int64 = 100,
    duration: Double = 60, cover: String? = nil
  ) -> AlbumMember {
    let tags = CatalogTags(trackNumber: track, discNumber: disc, discTotal: discTotal, date: date, genres: genres)
    return AlbumMember(
      trackID: id, title: title, album: album, albumArtist: artist, albumArtistID: artist.map(CatalogKey.artistID),
      tags: tags, duration: duration, addedAt: addedAt, coverID: cover)
  }

  @Test func tracksPlayByDiscThenTrackThenTitle() throws {
    let summary = try #require(
      AlbumSummary(
        id: "al",
        members: [
          Self.member("d2t1", "Zed", disc: 2, track: 1), Self.member("d1t2", "Bee", disc: 1, track: 2),
          Self.member("d1none", "Aardvark", disc: 1), Self.member("d1t1", "Cee", disc: 1, track: 1),
        ]))
    #expect(summary.tracks.map(\.id) == ["d1t1", "d1t2", "d1none", "d2t1"])
    #expect(summary.tracks.map(\.orderKey) == summary.tracks.map(\.orderKey).sorted())
    #expect(summary.album.discCount == 2)
  }

  @Test func theCoverIsTheFirstOneInPlayingOrder() throws {
    let members = [
      Self.member("t3", "Three", track: 3, cover: "c3"), Self.member("t1", "One", track: 1),
      Self.member("t2", "Two", track: 2, cover: "c2"),
    ]
    #expect(AlbumSummary(id: "al", members: members)?.album.coverId == "c2")
    #expect(AlbumSummary(id: "al", members: [Self.member("t1", "One")])?.album.coverId == nil)
  }

  @Test func theAlbumIsNamedByItsFirstTrackAndCountsAllOfThem() throws {
    let summary = try #require(
      AlbumSummary(
        id: "al",
        members: [
          Self.member("b", "Two", album: "abbey road", track: 2, date: "1969-09-26", addedAt: 300, duration: 100),
          Self.member("a", "One", album: "Abbey Road", track: 1, date: "1970", addedAt: 200, duration: 50.5),
        ]))
    #expect(
      summary.album
        == Album(
          id: "al", name: "Abbey Road", artist: "Band", artistId: CatalogKey.artistID("Band"), year: 1969,
          trackCount: 2, discCount: 1, duration: 150.5, addedAt: 200_000))
    #expect(summary.nameKey == "abbey road")
    #expect(summary.artistKey == "band")
  }

  @Test func genresAreListedOnceTheMostCommonFirst() throws {
    let summary = try #require(
      AlbumSummary(
        id: "al",
        members: [
          Self.member("1", "A", track: 1, genres: ["Rock", "Pop"]), Self.member("2", "B", track: 2, genres: ["pop"]),
          Self.member("3", "C", track: 3, genres: ["Jazz"]),
        ]))
    #expect(summary.album.genres == ["Pop", "Rock", "Jazz"])
  }

  @Test func aCompilationIsByVariousArtistsAndTheDiscTotalCounts() throws {
    let summary = try #require(
      AlbumSummary(
        id: "al", members: [Self.member("1", "A", artist: CatalogPlacement.variousArtists, disc: 1, discTotal: 3)]))
    #expect(summary.album.compilation)
    #expect(summary.album.artist == "Various Artists")
    #expect(summary.album.discCount == 3)
  }

  @Test func anAlbumWithoutPresentTracksIsNone() {
    #expect(AlbumSummary(id: "al", members: []) == nil)
  }
}
