import CTagLib
import Foundation
import Testing

@testable import BlastoiseMedia

@Suite struct TagsReplayGainTests {
  /// Vorbis comments (FLAC, Ogg, Opus) and ID3v2 TXXX frames (MP3).
  @Test(arguments: [AudioFormat.flac, .oggVorbis, .opus, .mp3VBR, .mp3CBR])
  func trackGainAndPeakAreRead(_ format: AudioFormat) async throws {
    try await withFixtureDirectory { directory in
      let fixture = try await AudioFixtures.make(format, seconds: 1.2, tags: .unicode, in: directory)
      let tags = try TagReader.read(path: fixture.path).get()
      #expect(tags.replayGainDb == -6.5)
      #expect(tags.replayPeak == 0.988553)
    }
  }

  /// The album's gain and peak, for leveling by album; Opus's R128_ALBUM_GAIN as its track gain.
  @Test(arguments: [AudioFormat.flac, .oggVorbis, .mp3VBR, .opus])
  func albumGainAndPeakAreRead(_ format: AudioFormat) async throws {
    try await withFixtureDirectory { directory in
      let written =
        format == .opus
        ? FixtureTags(extra: [("R128_ALBUM_GAIN", "-1280"), ("REPLAYGAIN_ALBUM_PEAK", "0.75")])
        : FixtureTags(extra: [("REPLAYGAIN_ALBUM_GAIN", "-8.25 dB"), ("REPLAYGAIN_ALBUM_PEAK", "0.75")])
      let fixture = try await AudioFixtures.make(format, seconds: 1, tags: written, in: directory)
      let tags = try TagReader.read(path: fixture.path).get()
      #expect(tags.catalog.albumGainDb == (format == .opus ? 0 : -8.25))
      #expect(tags.catalog.albumPeak == 0.75)
      #expect(tags.replayGainDb == nil, "no track gain was tagged")
    }
  }

  @Test func decimalCommaAndExplicitPlusAreUnderstood() async throws {
    try await withFixtureDirectory { directory in
      let written = FixtureTags(replayGain: "+1,25 dB", replayPeak: "1,0000")
      let fixture = try await AudioFixtures.make(.oggVorbis, seconds: 1, tags: written, in: directory)
      let tags = try TagReader.read(path: fixture.path).get()
      #expect(tags.replayGainDb == 1.25)
      #expect(tags.replayPeak == 1.0)
    }
  }

  /// Opus files carry R128_TRACK_GAIN (Q7.8 dB, relative to -23 LUFS); ReplayGain's reference is
  /// 5 dB louder (-18 LUFS).
  @Test func opusR128GainBecomesReplayGain() async throws {
    try await withFixtureDirectory { directory in
      let written = FixtureTags(extra: [("R128_TRACK_GAIN", "-2560")])
      let fixture = try await AudioFixtures.make(.opus, seconds: 1, tags: written, in: directory)
      let tags = try TagReader.read(path: fixture.path).get()
      #expect(tags.replayGainDb == -5.0)
      #expect(tags.replayPeak == nil)
    }
  }

  @Test(arguments: [
    ("-6.50 dB", -6.5), ("+1.2 dB", 1.2), ("-3,4 dB", -3.4), ("\u{2212}6.5 dB", -6.5), (" 0.988553", 0.988553),
    ("12", 12), ("-.5dB", -0.5),
  ])
  func gainTextParsesWhateverTheWriter(_ text: String, _ expected: Double) {
    var value = 0.0
    #expect(bl_tags_parse_decimal(text, &value))
    #expect(value == expected)
  }

  @Test(arguments: ["", "dB", "-", "+ 3 dB", "nan", ".", "\u{2212}"])
  func textWithoutANumberIsNoGain(_ text: String) {
    var value = 0.0
    #expect(!bl_tags_parse_decimal(text, &value))
  }
}
