import BlastoiseTestSupport
import Foundation

/// Real audio files made by Debian's tools (sox, lame, ffmpeg), each a 440 Hz mono tone of an
/// exact number of samples, so its true duration is known.
enum AudioFormat: String, CaseIterable, Sendable, CustomStringConvertible {
  case wav, flac, oggVorbis, opus, m4a, adts
  case mp3CBR, mp3VBR
  /// `lame -t`: no Xing/Info frame, so no frame count and no gapless delay/padding.
  case mp3VBRWithoutXing

  var fileExtension: String {
    switch self {
    case .wav: "wav"
    case .flac: "flac"
    case .oggVorbis: "ogg"
    case .opus: "opus"
    case .m4a: "m4a"
    case .adts: "aac"
    case .mp3CBR, .mp3VBR, .mp3VBRWithoutXing: "mp3"
    }
  }

  /// Low rates keep generation fast; MP3 stays at 44.1 kHz because an MP3 without a LAME header
  /// keeps the encoder's delay and padding (about 1,100 to 2,250 samples), which must stay small
  /// next to the 50 ms budget.
  var sampleRate: Int {
    switch self {
    case .mp3CBR, .mp3VBR, .mp3VBRWithoutXing, .adts: 44100
    default: 8000
    }
  }

  var description: String { rawValue }
}

/// Tag values to write; nil fields are left out.
struct FixtureTags: Sendable {
  var title: String?
  var artist: String?
  var album: String?
  var replayGain: String?
  var replayPeak: String?
  /// Other tags, by Vorbis-comment style name (e.g. "R128_TRACK_GAIN").
  var extra: [(String, String)] = []

  static let none = FixtureTags()

  /// All the text fields Swift strings can trip on: combining-free accents and a symbol outside
  /// Latin-1, so ID3v1/Latin-1 fallbacks would show.
  static let unicode = FixtureTags(
    title: "Ünïcödé ♫", artist: "Björk & Sigur Rós ♫", album: "Ágætis byrjun – ♫ ½",
    replayGain: "-6.50 dB", replayPeak: "0.988553")

  /// Vorbis-comment style pairs, in the order written.
  var pairs: [(String, String)] {
    var result: [(String, String)] = []
    if let title { result.append(("TITLE", title)) }
    if let artist { result.append(("ARTIST", artist)) }
    if let album { result.append(("ALBUM", album)) }
    if let replayGain { result.append(("REPLAYGAIN_TRACK_GAIN", replayGain)) }
    if let replayPeak { result.append(("REPLAYGAIN_TRACK_PEAK", replayPeak)) }
    return result + extra
  }
}

struct AudioFixture: Sendable {
  let url: URL
  let format: AudioFormat
  let sampleCount: Int
  var path: String { url.path }
  var trueDuration: Double { Double(sampleCount) / Double(format.sampleRate) }
}

/// A temporary directory for one test, removed afterwards.
func withFixtureDirectory<T>(
  isolation: isolated (any Actor)? = #isolation, _ body: (URL) async throws -> T
) async throws -> T {
  try await TestRun.withDirectory("tags") { try await body(URL(fileURLWithPath: $0, isDirectory: true)) }
}

enum AudioFixtures {
  /// Makes `format` holding `seconds` of tone (rounded to whole samples) in `directory`.
  static func make(
    _ format: AudioFormat, seconds: Double, tags: FixtureTags = .none, in directory: URL, name: String? = nil
  ) async throws -> AudioFixture {
    let rate = format.sampleRate
    let samples = Int((seconds * Double(rate)).rounded())
    let stem = name ?? "\(format.rawValue)-\(samples)"
    let output = directory.appendingPathComponent("\(stem).\(format.fileExtension)")
    let fixture = AudioFixture(url: output, format: format, sampleCount: samples)
    switch format {
    case .flac, .oggVorbis:
      // sox writes each `KEY=value` comment as a Vorbis comment.
      var comments: [String] = []
      for (index, pair) in tags.pairs.enumerated() {
        comments += [index == 0 ? "--comment" : "--add-comment", "\(pair.0)=\(pair.1)"]
      }
      let depth = format == .flac ? ["-b", "16"] : []  // Vorbis has no bit depth
      try await TestTool.run("sox", toneInput(rate) + depth + comments + [output.path] + tone(samples))
      return fixture
    default:
      break
    }
    let source = directory.appendingPathComponent("\(stem)-source.wav")
    try await TestTool.run("sox", toneInput(rate) + ["-b", "16", source.path] + tone(samples))
    defer { try? FileManager.default.removeItem(at: source) }
    switch format {
    case .mp3CBR: try await lame(["-b", "64"], tags: tags, source: source, output: output)
    case .mp3VBR: try await lame(["-V", "4"], tags: tags, source: source, output: output)
    case .mp3VBRWithoutXing: try await lame(["-V", "4", "-t"], tags: tags, source: source, output: output)
    case .wav: try await ffmpeg(["-c:a", "pcm_s16le"], tags: tags, source: source, output: output)
    case .opus: try await ffmpeg(["-c:a", "libopus", "-b:a", "24k"], tags: tags, source: source, output: output)
    case .m4a: try await ffmpeg(["-c:a", "aac", "-b:a", "32k"], tags: tags, source: source, output: output)
    case .adts:
      try await ffmpeg(
        ["-c:a", "aac", "-b:a", "64k", "-f", "adts", "-write_id3v2", "1"], tags: tags, source: source, output: output)
    case .flac, .oggVorbis: break
    }
    return fixture
  }

  /// Decodes `path` with ffmpeg and returns the seconds of audio a player would get out of it.
  static func decodedDuration(of path: String, sampleRate: Int) async throws -> Double {
    let data = try await TestTool.run(
      "ffmpeg", ["-v", "error", "-i", path, "-f", "s16le", "-ac", "1", "-ar", "\(sampleRate)", "-"])
    return Double(data.count / 2) / Double(sampleRate)
  }

  // The rate goes before `-n`: it sets the null input's rate, so "Ns" below counts output
  // samples (after `-n` it would set the output rate and resample a 48 kHz tone).
  private static func toneInput(_ rate: Int) -> [String] { ["-r", "\(rate)", "-c", "1", "-n"] }

  private static func tone(_ samples: Int) -> [String] { ["synth", "\(samples)s", "sine", "440", "vol", "0.5"] }

  private static func lame(_ mode: [String], tags: FixtureTags, source: URL, output: URL) async throws {
    var arguments = ["--quiet", "--add-id3v2"] + mode
    if let title = tags.title { arguments += ["--tt", title] }
    if let artist = tags.artist { arguments += ["--ta", artist] }
    if let album = tags.album { arguments += ["--tl", album] }
    // ID3v2 TXXX frames, the usual home of ReplayGain in MP3s.
    for (key, value) in tags.pairs where !["TITLE", "ARTIST", "ALBUM"].contains(key) {
      arguments += ["--tv", "TXXX=\(key)=\(value)"]
    }
    try await TestTool.run("lame", arguments + [source.path, output.path])
  }

  private static func ffmpeg(_ codec: [String], tags: FixtureTags, source: URL, output: URL) async throws {
    var arguments = ["-v", "error", "-y", "-i", source.path]
    for (key, value) in tags.pairs { arguments += ["-metadata", "\(key)=\(value)"] }
    try await run("ffmpeg", arguments + codec + [output.path])
  }

  @discardableResult
  static func run(_ tool: String, _ arguments: [String]) async throws -> Data {
    try await TestTool.run(tool, arguments)
  }
}
