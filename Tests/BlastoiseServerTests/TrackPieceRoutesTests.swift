import BlastoiseHTTP
import BlastoiseProtocol
import Foundation
import Testing

@testable import BlastoiseServer

/// `GET /api/tracks/:trackId/piece`: a track decoded a piece at a time by the real server and
/// ffmpeg, read back by ffmpeg. A page plays a long track from such pieces laid end to end, so
/// they must join frame for frame.
@Suite struct TrackPieceRoutesTests {
  /// Five seconds of a chord at 22,050 Hz: every piece asked at 48 kHz is resampled.
  static func serverWithATrack() async throws -> (TestServer, APIClient, String) {
    let (server, client) = try await LibraryRoutesTests.serverWithMusic([
      "chord.wav": LibraryRoutesTests.wav(seconds: 5, frequency: 440, title: "Chord")
    ])
    let track = try #require(try await client.get("/api/library").json([SeedTrack].self).first)
    return (server, client, track.id)
  }

  static func piece(_ client: APIClient, _ id: String, _ query: PieceQuery) async throws -> APIClient.Response {
    let text = query.parameters.map { "\($0)=\($1)" }.joined(separator: "&")
    return try await client.get(APIRoute.trackPiece.path(id) + "?" + text)
  }

  /// The piece's samples (FLAC or WAV) as ffmpeg decodes them (interleaved stereo floats).
  static func samples(_ piece: Data) throws -> [Float] {
    let input = try temporaryDirectory() + "/piece"
    try piece.write(to: URL(fileURLWithPath: input))
    let bytes = try ffmpeg(["-i", input, "-f", "f32le", "-"])
    return bytes.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
  }

  /// ffmpeg's standard output for `arguments`.
  static func ffmpeg(_ arguments: [String]) throws -> Data {
    let ffmpeg = try #require(ExecutableLookup.find("ffmpeg"), "ffmpeg is missing: scripts/install-deps")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ffmpeg)
    process.arguments = ["-nostdin", "-v", "error"] + arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return bytes
  }

  @Test func piecesAskedEndToEndJoinFrameForFrame() async throws {
    let (server, client, id) = try await Self.serverWithATrack()
    let whole = try await Self.piece(client, id, PieceQuery(rate: 48_000, start: 0, frames: 48_000 * 4))
    #expect(whole.status == 200)
    #expect(whole.header("Content-Type") == "audio/flac")
    var joined: [Float] = []
    for start in stride(from: 0, to: 48_000 * 4, by: 60_000) {
      let piece = try await Self.piece(client, id, PieceQuery(rate: 48_000, start: start, frames: 60_000))
      #expect(piece.status == 200)
      joined += try Self.samples(piece.body)
    }
    let reference = try Self.samples(whole.body)
    #expect(reference.count == 48_000 * 4 * 2)
    #expect(reference.contains { abs($0) > 0.05 }, "the piece holds sound")
    #expect(Array(joined.prefix(reference.count)) == reference)
    await server.stop()
  }

  /// A join's first piece (`fast=1`) is decoded in the server's process, as WAV; the pieces after
  /// it (FLAC, from ffmpeg) go on from its last frame, the two decodings alike but for FLAC's
  /// 16-bit rounding.
  @Test func aFastPieceComesAsWAVAndThePiecesAfterItJoinIt() async throws {
    let (server, client, id) = try await Self.serverWithATrack()
    let fast = try await Self.piece(client, id, PieceQuery(rate: 48_000, start: 30_000, frames: 48_000, fast: true))
    #expect(fast.status == 200)
    #expect(fast.header("Content-Type") == "audio/wav")
    let next = try await Self.piece(client, id, PieceQuery(rate: 48_000, start: 78_000, frames: 60_000))
    #expect(next.header("Content-Type") == "audio/flac")
    let whole = try Self.samples(
      try await Self.piece(client, id, PieceQuery(rate: 48_000, start: 30_000, frames: 108_000)).body)
    let joined = try Self.samples(fast.body) + Self.samples(next.body)
    #expect(joined.count == whole.count && whole.count == 108_000 * 2)
    let worst = zip(joined, whole).map { abs($0 - $1) }.max() ?? 1
    #expect(worst < 0.001, "a frame off would be ~0.03 here: \(worst)")
    #expect(whole.contains { abs($0) > 0.05 }, "the piece holds sound")
    let past = try await Self.piece(client, id, PieceQuery(rate: 48_000, start: 48_000 * 5, frames: 100, fast: true))
    #expect(past.status == 416)
    await server.stop()
  }

  /// AAC decodes differently here after a seek: its fast piece is ffmpeg's FLAC, as any other.
  @Test func aFastPieceOfACodecTheServerIsNotSureOfComesFromFFmpeg() async throws {
    let directory = try temporaryDirectory()
    _ = try Self.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=3", "-c:a", "aac", directory + "/tone.m4a"])
    _ = try Self.ffmpeg([
      "-f", "lavfi", "-i", "sine=frequency=440:duration=3", "-c:a", "flac", directory + "/tone.flac",
    ])
    let query = PieceQuery(rate: 48_000, start: 48_000, frames: 4_800, fast: true)
    let aac = try #require(try await TrackPieces().piece(of: directory + "/tone.m4a", query))
    #expect(aac.contentType == "audio/flac")
    let flac = try #require(try await TrackPieces().piece(of: directory + "/tone.flac", query))
    #expect(flac.contentType == "audio/wav")
    #expect(try Self.samples(flac.bytes).count == 4_800 * 2)
    let broken = directory + "/broken.flac"
    try Data("fLaC not really".utf8).write(to: URL(fileURLWithPath: broken))
    await #expect(throws: HTTPError.self) { try await TrackPieces().piece(of: broken, query) }
  }

  @Test func theLastPieceEndsWithTheTrackAndNoneComesAfter() async throws {
    let (server, client, id) = try await Self.serverWithATrack()
    let last = try await Self.piece(client, id, PieceQuery(rate: 48_000, start: 48_000 * 4, frames: 96_000))
    #expect(last.status == 200)
    #expect(try Self.samples(last.body).count == 48_000 * 2, "the track's last second, not the two asked")
    let past = try await Self.piece(client, id, PieceQuery(rate: 48_000, start: 48_000 * 5, frames: 48_000))
    #expect(past.status == 416)
    #expect(past.errorMessage == "The piece starts past the track's end")
    await server.stop()
  }

  @Test func aPieceAskedWronglyIsRefusedClearly() async throws {
    let (server, client, id) = try await Self.serverWithATrack()
    let path = APIRoute.trackPiece.path(id)
    for (query, message) in [
      ("frames=100", "'rate' is required: the sample rate to decode at"),
      ("rate=48000", "'frames' is required: how many frames the piece holds"),
      ("rate=1000&frames=100", "'rate' must be a whole number from 8000 to 192000"),
      ("rate=48000&frames=1440001", "'frames' must be a whole number from 1 to 1440000"),
      ("rate=48000&frames=10&start=-1", "'start' must be a whole number from 0 to 4147200000"),
      ("rate=48000&frames=ten", "'frames' must be a whole number from 1 to 1440000"),
      ("rate=48000&frames=10&fast=yes", "'fast' must be 1 or 0"),
    ] {
      let response = try await client.get(path + "?" + query)
      #expect(response.status == 400, "\(query)")
      #expect(response.errorMessage == message, "\(query)")
    }
    let unknown = try await client.get(
      APIRoute.trackPiece.path("sha256:" + String(repeating: "0", count: 64)) + "?rate=48000&frames=10")
    #expect(unknown.status == 404)
    #expect(try await client.get(APIRoute.trackPiece.path("../../etc/passwd") + "?rate=48000&frames=10").status == 404)
    #expect(try await server.client().get(path + "?rate=48000&frames=10").status == 401)
    await server.stop()
  }

  @Test func aFileFfmpegCannotDecodeIsSaidSo() async throws {
    let pieces = TrackPieces()
    let broken = try temporaryDirectory() + "/broken.flac"
    try Data("fLaC not really".utf8).write(to: URL(fileURLWithPath: broken))
    await #expect(throws: HTTPError.self) {
      try await pieces.piece(of: broken, PieceQuery(rate: 48_000, start: 0, frames: 10))
    }
    let none = TrackPieces(ffmpeg: nil)
    do {
      _ = try await none.piece(of: broken, PieceQuery(rate: 48_000, start: 0, frames: 10))
      Issue.record("a server without ffmpeg made a piece")
    } catch let error as HTTPError {
      #expect(error.status == .serviceUnavailable)
    }
  }

  @Test func flacWithoutFramesIsToldFromFlacWithSound() {
    let streamInfo: [UInt8] = [0x80, 0, 0, 34] + [UInt8](repeating: 0, count: 34)  // last block, 34 bytes
    #expect(!FLACStream.hasFrames(Data("fLaC".utf8 + streamInfo)))
    #expect(FLACStream.hasFrames(Data("fLaC".utf8 + streamInfo + [0xFF, 0xF8])))
    let padded: [UInt8] = [0x00, 0, 0, 34] + [UInt8](repeating: 0, count: 34) + [0x81, 0, 0, 2, 0, 0]
    #expect(!FLACStream.hasFrames(Data("fLaC".utf8 + padded)))
    #expect(!FLACStream.hasFrames(Data("OggS".utf8 + streamInfo + [0xFF])))
    #expect(!FLACStream.hasFrames(Data("fLaC".utf8 + [0x80, 0, 0])))
  }
}
