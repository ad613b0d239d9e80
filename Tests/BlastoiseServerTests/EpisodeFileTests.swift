import BlastoiseCore
import BlastoiseMedia
import BlastoiseTestSupport
import Foundation
import Testing

@testable import BlastoiseServer

/// `EpisodeFile`: written in pieces to a partial file, named by the hash of what was written (the
/// same ID `FileHasher` gives the finished file), and its extension chosen from the URL or type.
@Suite struct EpisodeFileTests {
  @Test func theFileIsNamedByItsContent() throws {
    let data = try temporaryDirectory()
    let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let file = try EpisodeFile(dataDirectory: data)
    for piece in stride(from: 0, to: bytes.count, by: 65_536) {
      let end = min(bytes.count, piece + 65_536)
      #expect(bytes[piece..<end].withUnsafeBytes { file.write($0) })
    }
    let (trackID, path) = try file.keep(extension: "ogg")
    #expect(file.bytes == Int64(bytes.count))
    let hex = String(trackID.dropFirst(TrackID.prefix.count))
    #expect(path == "episodes/\(hex.prefix(2))/\(hex).ogg")
    #expect(FileHasher.trackID(ofFileAt: "\(data)/\(path)") == trackID)
    #expect(try Data(contentsOf: URL(fileURLWithPath: "\(data)/\(path)")) == Data(bytes))
    #expect(try FileManager.default.contentsOfDirectory(atPath: "\(data)/episodes/.partial").isEmpty)

    let dropped = try EpisodeFile(dataDirectory: data)
    #expect([1, 2, 3].withUnsafeBytes { dropped.write($0) })
    dropped.discard()
    #expect(try FileManager.default.contentsOfDirectory(atPath: "\(data)/episodes/.partial").isEmpty)
  }

  @Test func theExtensionComesFromTheURLElseTheType() {
    #expect(EpisodeFile.fileExtension(url: "https://cdn.example/show/ep1.M4A?token=x", type: "audio/mpeg") == "m4a")
    #expect(EpisodeFile.fileExtension(url: "https://cdn.example/play?id=1", type: "audio/x-m4a") == "m4a")
    #expect(EpisodeFile.fileExtension(url: "https://cdn.example/ep.php", type: "audio/ogg; codecs=opus") == "ogg")
    #expect(EpisodeFile.fileExtension(url: "https://cdn.example/ep", type: nil) == "mp3")
  }
}
