import BlastoiseCore
import BlastoiseProtocol
import Testing

@testable import BlastoiseMedia

/// The mapping from TagLib's properties to the catalog's tags, without files.
@Suite struct TagPropertiesTests {
  static func tags(_ pairs: [(String, String)]) -> CatalogTags {
    TagProperties(pairs.map { (key: $0.0, value: $0.1) }).catalogTags
  }

  @Test func numbersAndTotalsComeFromEitherSpelling() {
    let combined = Self.tags([("TRACKNUMBER", "3/12"), ("DISCNUMBER", "1/2")])
    #expect(combined.trackNumber == 3 && combined.trackTotal == 12)
    #expect(combined.discNumber == 1 && combined.discTotal == 2)
    let separate = Self.tags([("TRACKNUMBER", "03"), ("TOTALTRACKS", "9"), ("DISCNUMBER", "2"), ("DISCTOTAL", "3")])
    #expect(separate.trackNumber == 3 && separate.trackTotal == 9)
    #expect(separate.discNumber == 2 && separate.discTotal == 3)
    let odd = Self.tags([("TRACKNUMBER", "A1"), ("DISCNUMBER", "0/0")])
    #expect(odd.trackNumber == nil && odd.discNumber == nil && odd.discTotal == nil)
  }

  @Test func keysCompareWithoutCaseOrPunctuation() {
    let tags = Self.tags([
      ("MusicBrainz Album Id", "9E6C4F3A-1B2C-4D5E-8F90-123456789ABC"), ("album-sort", "Agaetis"),
      ("Album_Artist", "Sigur Rós"),
    ])
    #expect(tags.musicBrainz.album == "9e6c4f3a-1b2c-4d5e-8f90-123456789abc")
    #expect(tags.sortNames.album == "Agaetis")
    #expect(tags.albumArtist == "Sigur Rós")
  }

  @Test func musicBrainzIDsMustBeUUIDsAndTheFirstOfSeveralCounts() {
    let tags = Self.tags([
      ("MUSICBRAINZ_ARTISTID", "11111111-2222-3333-4444-555555555555/66666666-2222-3333-4444-555555555555"),
      ("MUSICBRAINZ_ALBUMID", "not an id"), ("MUSICBRAINZ_TRACKID", " 11111111-2222-3333-4444-55555555555x "),
    ])
    #expect(tags.musicBrainz == MusicBrainzIDs(artist: "11111111-2222-3333-4444-555555555555"))
  }

  @Test func genresAreSplitAtSemicolonsAndListedOnce() {
    let tags = Self.tags([("GENRE", "Post-Rock; Ambient"), ("GENRE", "ambient"), ("GENRE", " ; Jazz")])
    #expect(tags.genres == ["Post-Rock", "Ambient", "Jazz"])
  }

  @Test func compilationFlagsAndDates() {
    #expect(Self.tags([("TCMP", "1")]).compilation)
    #expect(Self.tags([("COMPILATION", "true")]).compilation)
    #expect(!Self.tags([("COMPILATION", "0")]).compilation)
    #expect(Self.tags([("YEAR", "1999")]).year == 1999)
    #expect(Self.tags([("DATE", "2001-02-03"), ("YEAR", "1999")]).date == "2001-02-03")
  }

  @Test func lyricsComeFromAnyOfTheirKeys() {
    #expect(Self.tags([("LYRICS", "  La la\nla  ")]).lyrics == "La la\nla")
    #expect(Self.tags([("LYRICS:ENG", "Words")]).lyrics == "Words")
    #expect(Self.tags([("UNSYNCEDLYRICS", "Words")]).lyrics == "Words")
  }

  @Test func blankValuesAndUnknownKeysAreNothing() {
    #expect(Self.tags([("ALBUMARTIST", "   "), ("ENCODER", "Lavf"), ("COMPOSER", "")]) == CatalogTags())
    #expect(Self.tags([("COMPOSER", "A"), ("COMPOSER", "B")]).composer == "A, B")
  }
}
