import Foundation
import Testing

@testable import BlastoiseMedia

/// The room clock advances on `AudioTags.duration`; it must match the audio to well under 50 ms.
@Suite struct TagsDurationTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let format: AudioFormat
    let seconds: Double
    var testDescription: String { "\(format) \(seconds) s" }
  }

  static let cases: [Case] = [
    Case(format: .wav, seconds: 2.5),
    Case(format: .flac, seconds: 7.3),
    Case(format: .oggVorbis, seconds: 2.5),
    Case(format: .opus, seconds: 7.3),
    Case(format: .m4a, seconds: 2.5),  // 1024 priming samples = 128 ms at 8 kHz: the edit list matters
    Case(format: .mp3CBR, seconds: 2.5),
    Case(format: .mp3VBR, seconds: 7.3),
    Case(format: .mp3VBRWithoutXing, seconds: 7.3),
  ]

  @Test(arguments: cases)
  func durationIsWithin50msOfTheSampleCount(_ testCase: Case) async throws {
    try await withFixtureDirectory { directory in
      let fixture = try await AudioFixtures.make(testCase.format, seconds: testCase.seconds, in: directory)
      let tags = try TagReader.read(path: fixture.path).get()
      let errorMs = (tags.duration - fixture.trueDuration) * 1000
      #expect(abs(errorMs) < 50, "\(testCase.format): \(tags.duration) s for \(fixture.trueDuration) s")
    }
  }

  /// Containers that state the sample count (or a LAME gapless header) give it exactly.
  @Test(arguments: [AudioFormat.wav, .flac, .oggVorbis, .opus, .m4a, .mp3CBR, .mp3VBR])
  func exactFormatsAreWithinOneMillisecond(_ format: AudioFormat) async throws {
    try await withFixtureDirectory { directory in
      let fixture = try await AudioFixtures.make(format, seconds: 3.1, in: directory)
      let tags = try TagReader.read(path: fixture.path).get()
      #expect(abs(tags.duration - fixture.trueDuration) < 0.001, "\(format): \(tags.duration) s")
    }
  }

  /// The bit rate the headers say: a CBR MP3's as encoded (64 kbit/s; TagLib averages the
  /// stream, its header frame too, which a file of a few seconds would round up), a WAV's the PCM
  /// rate (16 bits × the rate, mono).
  @Test func theBitRateIsTheOneEncoded() async throws {
    try await withFixtureDirectory { directory in
      let mp3 = try await AudioFixtures.make(.mp3CBR, seconds: 30, in: directory)
      #expect(try TagReader.read(path: mp3.path).get().bitRate == 64)
      let wav = try await AudioFixtures.make(.wav, seconds: 2.5, in: directory)
      #expect(try TagReader.read(path: wav.path).get().bitRate == 16 * AudioFormat.wav.sampleRate / 1000)
    }
  }

  /// Without a Xing header TagLib guesses from the first frame's bitrate (1.07 s for this file);
  /// counting frames gives what decoders play, encoder delay and padding included, since
  /// nothing in the file says how long they are.
  @Test func vbrMP3WithoutXingMatchesTheDecodedLength() async throws {
    try await withFixtureDirectory { directory in
      let fixture = try await AudioFixtures.make(.mp3VBRWithoutXing, seconds: 7.3, in: directory)
      let decoded = try await AudioFixtures.decodedDuration(of: fixture.path, sampleRate: 44100)
      let tags = try TagReader.read(path: fixture.path).get()
      #expect(abs(tags.duration - decoded) < 0.001, "\(tags.duration) s, decoders play \(decoded) s")
    }
  }

  /// Raw AAC, which TagLib cannot open: frames counted, priming included as decoders play it.
  @Test func adtsDurationMatchesTheDecodedLength() async throws {
    try await withFixtureDirectory { directory in
      let fixture = try await AudioFixtures.make(.adts, seconds: 4.2, tags: .unicode, in: directory)
      let decoded = try await AudioFixtures.decodedDuration(of: fixture.path, sampleRate: 44100)
      let tags = try TagReader.read(path: fixture.path).get()
      #expect(abs(tags.duration - decoded) < 0.001, "\(tags.duration) s, decoders play \(decoded) s")
      #expect(abs(tags.duration - fixture.trueDuration) < 0.05)
      #expect(tags.title == FixtureTags.unicode.title)
    }
  }
}
