import Testing

@testable import BlastoiseCore

@Suite struct LibraryOrderTests {
  func albumKey(_ artist: String, _ album: String, disc: Int?, track: Int?, title: String) -> String {
    let prefix = LibraryOrder.albumPrefix(
      artistKey: SortKey.of(artist), nameKey: SortKey.of(album), albumID: CatalogKey.id(artist + album))
    return LibraryOrder.key(albumPrefix: prefix, disc: disc, track: track, title: title, titleSort: nil)
  }

  @Test func albumsByArtistThenNameThenDiscAndTrackAndLooseTracksLast() {
    let ordered = [
      albumKey("ABBA", "Gold", disc: 1, track: 2, title: "Zzz"),
      albumKey("ABBA", "Gold", disc: 1, track: 10, title: "Aaa"),
      albumKey("ABBA", "Gold", disc: 2, track: 1, title: "Mmm"),
      albumKey("ABBA", "Voulez-Vous", disc: nil, track: 1, title: "As Good as New"),
      albumKey("The Beatles", "Help!", disc: nil, track: nil, title: "Help!"),
      albumKey("Björk", "Debut", disc: nil, track: 1, title: "Human Behaviour"),
      LibraryOrder.key(artist: "Aaron", artistSort: nil, title: "Loose", titleSort: nil),
      LibraryOrder.key(artist: nil, artistSort: nil, title: "Untagged", titleSort: nil),
    ]
    #expect(ordered.sorted() == ordered)
  }

  @Test func tracksWithoutNumbersFollowNumberedOnes() {
    let numbered = albumKey("A", "B", disc: 1, track: 12, title: "Z")
    let unnumbered = albumKey("A", "B", disc: 1, track: nil, title: "A")
    #expect(numbered < unnumbered)
  }

  @Test func numbersBeyondTheirWidthStayInOrder() {
    #expect(LibraryOrder.padded(7, 4) == "0007")
    #expect(LibraryOrder.padded(123_456, 4) == "9999")
    #expect(LibraryOrder.padded(-3, 4) == "0000")
  }
}
