import BlastoiseSync
import Foundation
import Testing

@testable import BlastoiseMedia

/// Damaged files must come back as an error or a value, never a crash or a hang.
@Suite struct TagsRobustnessTests {
  @Test(arguments: [AudioFormat.wav, .flac, .oggVorbis, .opus, .m4a, .adts, .mp3VBR, .mp3VBRWithoutXing])
  func truncatedAndCorruptedFilesDoNotCrash(_ format: AudioFormat) async throws {
    try await withFixtureDirectory { directory in
      let fixture = try await AudioFixtures.make(format, seconds: 1.5, tags: .unicode, in: directory)
      let whole = try Data(contentsOf: fixture.url)
      var generator = SplitMix64(state: UInt64(whole.count))
      let damaged = directory.appendingPathComponent("damaged.\(format.fileExtension)")
      for round in 0..<40 {
        var bytes = whole
        if round < 20 {
          bytes = bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator))
        } else {
          for _ in 0..<(1 + round / 4) {
            bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
          }
        }
        try bytes.write(to: damaged)
        if case .success(let tags) = TagReader.read(path: damaged.path) {
          #expect(tags.duration > 0 && tags.duration.isFinite)
        }
      }
    }
  }
}
