import BlastoiseCore
import BlastoiseProtocol
import BlastoiseTestSupport
import Foundation
import Testing

@testable import BlastoiseMedia

/// The catalog's tags read from real files that ffmpeg tagged (`-metadata`, which writes ID3v2
/// frames, Vorbis comments and MP4 atoms by each format's own names).
@Suite struct TagsCatalogTests {
  static let musicBrainz = MusicBrainzIDs(
    track: "11111111-2222-3333-4444-555555555555", album: "9e6c4f3a-1b2c-4d5e-8f90-123456789abc",
    artist: "22222222-2222-3333-4444-555555555555", albumArtist: "33333333-2222-3333-4444-555555555555")

  static let metadata = [
    ("title", "Hljóð"), ("artist", "Sigur Rós"), ("album", "Ágætis byrjun"), ("album_artist", "Sigur Rós & Friends"),
    ("track", "3/12"), ("disc", "1/2"), ("date", "1999-06-12"), ("genre", "Post-Rock;Ambient"),
    ("composer", "Jónsi"), ("compilation", "1"), ("lyrics", "Hljóð\nog þögn"),
    ("MUSICBRAINZ_TRACKID", musicBrainz.track!), ("MusicBrainz Album Id", musicBrainz.album!),
    ("MusicBrainz Artist Id", musicBrainz.artist!), ("MusicBrainz Album Artist Id", musicBrainz.albumArtist!),
    ("title-sort", "Hljod"), ("artist-sort", "Ros, Sigur"), ("album-sort", "Agaetis"),
    ("ALBUMARTISTSORT", "Ros, Sigur & Friends"),
  ]

  static func tagged(_ fileExtension: String, _ metadata: [(String, String)], in directory: URL) async throws
    -> String
  {
    let path = directory.appendingPathComponent("tagged.\(fileExtension)").path
    try await TestTool.taggedTone(at: path, metadata: metadata)
    return path
  }

  @Test(arguments: ["mp3", "flac", "ogg", "m4a"])
  func everyCatalogTagIsRead(_ fileExtension: String) async throws {
    try await withFixtureDirectory { directory in
      let tags = try TagReader.read(path: try await Self.tagged(fileExtension, Self.metadata, in: directory)).get()
      #expect(tags.title == "Hljóð")
      let catalog = tags.catalog
      #expect(catalog.albumArtist == "Sigur Rós & Friends")
      #expect(catalog.trackNumber == 3 && catalog.trackTotal == 12)
      #expect(catalog.discNumber == 1 && catalog.discTotal == 2)
      #expect(catalog.date == "1999-06-12" && catalog.year == 1999)
      #expect(catalog.genres == ["Post-Rock", "Ambient"])
      #expect(catalog.composer == "Jónsi")
      #expect(catalog.compilation)
      #expect(catalog.lyrics == "Hljóð\nog þögn")
      // ffmpeg's MP4 muxer writes no MusicBrainz or sort atoms.
      guard fileExtension != "m4a" else { return }
      #expect(catalog.musicBrainz == Self.musicBrainz)
      #expect(
        catalog.sortNames
          == SortNames(title: "Hljod", artist: "Ros, Sigur", album: "Agaetis", albumArtist: "Ros, Sigur & Friends"))
    }
  }

  @Test(arguments: ["mp3", "flac", "ogg", "m4a"])
  func anUntaggedFileHasNoCatalogTags(_ fileExtension: String) async throws {
    try await withFixtureDirectory { directory in
      let tags = try TagReader.read(path: try await Self.tagged(fileExtension, [], in: directory)).get()
      #expect(tags.catalog == CatalogTags())
      #expect(tags.title == nil && tags.artist == nil && tags.album == nil)
    }
  }
}
