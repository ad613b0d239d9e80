import BlastoiseSync
import Foundation
import Testing

@testable import BlastoiseMedia

@Suite struct TagsErrorTests {
  @Test func randomBytesNamedMP3AreNotAudio() async throws {
    try await withFixtureDirectory { directory in
      var generator = SplitMix64(state: 1)
      for index in 0..<20 {
        let url = directory.appendingPathComponent("noise-\(index).mp3")
        try Data((0..<(4096 * (index + 1))).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: url)
        #expect(TagReader.read(path: url.path) == .failure(.notAudio))
      }
    }
  }

  @Test func emptyFileIsNotAudio() async throws {
    try await withFixtureDirectory { directory in
      let url = directory.appendingPathComponent("empty.flac")
      try Data().write(to: url)
      #expect(TagReader.read(path: url.path) == .failure(.notAudio))
    }
  }

  @Test func textFileIsNotAudio() async throws {
    try await withFixtureDirectory { directory in
      let url = directory.appendingPathComponent("notes.ogg")
      try Data(String(repeating: "not audio at all\n", count: 200).utf8).write(to: url)
      #expect(TagReader.read(path: url.path) == .failure(.notAudio))
    }
  }

  @Test func missingFileAndDirectoryCannotBeOpened() async throws {
    try await withFixtureDirectory { directory in
      #expect(TagReader.read(path: directory.appendingPathComponent("gone.mp3").path) == .failure(.cannotOpen))
      #expect(TagReader.read(path: directory.path) == .failure(.cannotOpen))
    }
  }

  /// STREAMINFO still promises the whole length; the room clock would run past the real end.
  @Test func flacCutShortIsTruncated() async throws {
    try await withFixtureDirectory { directory in
      let fixture = try await AudioFixtures.make(.flac, seconds: 7.3, in: directory)
      let whole = try Data(contentsOf: fixture.url)
      for fraction in [0.5, 0.9, 0.999] {
        let cut = directory.appendingPathComponent("cut-\(fraction).flac")
        try whole.prefix(Int(Double(whole.count) * fraction)).write(to: cut)
        #expect(TagReader.read(path: cut.path) == .failure(.truncated), "cut at \(fraction)")
      }
      let headerOnly = directory.appendingPathComponent("header.flac")
      try whole.prefix(60).write(to: headerOnly)
      #expect((try? TagReader.read(path: headerOnly.path).get()) == nil)
    }
  }

  /// An MP3 whose Xing header counts more frames than are left: the frames present are counted,
  /// as decoders play them.
  @Test func mp3CutShortReportsWhatIsLeft() async throws {
    try await withFixtureDirectory { directory in
      let fixture = try await AudioFixtures.make(.mp3VBR, seconds: 7.3, in: directory)
      let whole = try Data(contentsOf: fixture.url)
      let cut = directory.appendingPathComponent("cut.mp3")
      try whole.prefix(whole.count / 2).write(to: cut)
      let decoded = try await AudioFixtures.decodedDuration(of: cut.path, sampleRate: 44100)
      let tags = try TagReader.read(path: cut.path).get()
      #expect(abs(tags.duration - decoded) < 0.001, "\(tags.duration) s, decoders play \(decoded) s")
    }
  }
}
