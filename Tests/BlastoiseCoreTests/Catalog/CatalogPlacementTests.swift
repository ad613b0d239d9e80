import BlastoiseProtocol
import Testing

@testable import BlastoiseCore

@Suite struct CatalogPlacementTests {
  func tags(
    albumArtist: String? = nil, compilation: Bool = false, musicBrainzAlbum: String? = nil, disc: Int? = nil
  ) -> CatalogTags {
    CatalogTags(
      albumArtist: albumArtist, discNumber: disc, compilation: compilation,
      musicBrainz: MusicBrainzIDs(album: musicBrainzAlbum))
  }

  @Test func anAlbumIsItsAlbumArtistAndNameAcrossDiscs() {
    let one = CatalogPlacement(artist: "Guest", album: "Double", tags: tags(albumArtist: "Band", disc: 1))
    let two = CatalogPlacement(artist: "Band", album: "double ", tags: tags(albumArtist: "BAND", disc: 2))
    #expect(one.albumID != nil && one.albumID == two.albumID)
    #expect(one.albumArtist == "Band")
    #expect(one.albumArtistID == CatalogKey.artistID("Band"))
    #expect(one.artistID == CatalogKey.artistID("Guest"))
  }

  @Test func withoutAnAlbumArtistTheTrackArtistMakesTheAlbum() {
    let a = CatalogPlacement(artist: "Ann", album: "Greatest Hits", tags: tags())
    let b = CatalogPlacement(artist: "Bob", album: "Greatest Hits", tags: tags())
    #expect(a.albumArtist == "Ann")
    #expect(a.albumID != b.albumID)
  }

  @Test func compilationsSitUnderVariousArtists() {
    let flagged = CatalogPlacement(artist: "Ann", album: "Hits 99", tags: tags(compilation: true))
    let named = CatalogPlacement(artist: "Bob", album: "Hits 99", tags: tags(albumArtist: "various artists"))
    #expect(flagged.albumArtist == CatalogPlacement.variousArtists)
    #expect(named.albumArtist == CatalogPlacement.variousArtists)
    #expect(flagged.albumID == named.albumID)
    #expect(flagged.albumArtistID == CatalogKey.artistID("Various Artists"))
    #expect(flagged.artistID == CatalogKey.artistID("Ann"))
  }

  @Test func aMusicBrainzAlbumIDMakesTheAlbumWhateverTheNames() {
    let id = "9e6c4f3a-1b2c-4d5e-8f90-123456789abc"
    let a = CatalogPlacement(artist: "Ann", album: "Live", tags: tags(musicBrainzAlbum: id))
    let b = CatalogPlacement(artist: "Bob", album: "Live (Deluxe)", tags: tags(musicBrainzAlbum: id))
    let other = CatalogPlacement(artist: "Ann", album: "Live", tags: tags())
    #expect(a.albumID == b.albumID)
    #expect(a.albumID != other.albumID)
  }

  @Test func aTrackWithoutAnAlbumTagIsOnNoAlbum() {
    let placement = CatalogPlacement(artist: "Ann", album: nil, tags: tags(albumArtist: "Band"))
    #expect(placement.albumID == nil && placement.albumArtist == nil && placement.albumArtistID == nil)
    #expect(placement.artistID == CatalogKey.artistID("Ann"))
    #expect(CatalogPlacement(artist: nil, album: nil, tags: tags()).artistID == nil)
  }

  @Test(arguments: [("1999-06-12", 1999), ("2001", 2001), ("19", nil), ("June 1999", nil), ("0000", nil)])
  func theYearIsWhereTheDateBegins(_ date: String, _ year: Int?) {
    #expect(CatalogTags(date: date).year == year)
  }
}
