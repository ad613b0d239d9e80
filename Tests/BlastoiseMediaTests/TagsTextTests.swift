import Foundation
import Testing

@testable import BlastoiseMedia

@Suite struct TagsTextTests {
  @Test(arguments: [AudioFormat.wav, .flac, .oggVorbis, .opus, .m4a, .mp3CBR, .mp3VBR, .mp3VBRWithoutXing])
  func titleArtistAndAlbumKeepNonASCII(_ format: AudioFormat) async throws {
    try await withFixtureDirectory { directory in
      let fixture = try await AudioFixtures.make(format, seconds: 1.2, tags: .unicode, in: directory)
      let tags = try TagReader.read(path: fixture.path).get()
      #expect(tags.title == "Ünïcödé ♫")
      #expect(tags.artist == "Björk & Sigur Rós ♫")
      #expect(tags.album == "Ágætis byrjun – ♫ ½")
    }
  }

  @Test(arguments: [AudioFormat.flac, .mp3VBR, .m4a])
  func untaggedFilesHaveNoText(_ format: AudioFormat) async throws {
    try await withFixtureDirectory { directory in
      let fixture = try await AudioFixtures.make(format, seconds: 1.2, in: directory)
      let tags = try TagReader.read(path: fixture.path).get()
      #expect(tags.title == nil)
      #expect(tags.artist == nil)
      #expect(tags.album == nil)
      #expect(tags.replayGainDb == nil)
      #expect(tags.replayPeak == nil)
    }
  }

  @Test func blankValuesReadAsAbsentAndOthersAreTrimmed() async throws {
    try await withFixtureDirectory { directory in
      let tags = FixtureTags(title: "  Padded  ", artist: "   ", album: nil)
      let fixture = try await AudioFixtures.make(.flac, seconds: 1, tags: tags, in: directory)
      let read = try TagReader.read(path: fixture.path).get()
      #expect(read.title == "Padded")
      #expect(read.artist == nil)
    }
  }
}
