import BlastoiseHTTP
import BlastoiseProtocol
import Foundation

/// Decoded pieces of a track (`GET /api/tracks/:trackId/piece`): ffmpeg decodes, resamples to the
/// asked rate and writes FLAC (lossless, and sample-exact: no encoder delay or padding), so a page
/// schedules a long track piece by piece on Web Audio instead of holding it all decoded.
///
/// Seamless by construction: ffmpeg starts decoding at a whole second at least one second before
/// the piece (`-ss`, exact for audio) and the resampler has settled by the piece's first frame,
/// which `atrim` then counts from that whole second. Pieces asked end to end concatenate to the
/// whole track's decoding, frame for frame.
struct TrackPieces: Sendable {
  /// How far before a piece the decoding starts (whole seconds, so it is a whole frame at any rate).
  static let leadInSeconds = 1
  static let ffmpegSeconds = 60.0
  /// A piece's largest size: 30 s of 24-bit stereo at 192 kHz uncompressed, with room to spare.
  static let largestPiece = 48 << 20

  let ffmpeg: String?

  init(ffmpeg: String? = ExecutableLookup.find("ffmpeg")) {
    self.ffmpeg = ffmpeg
  }

  /// ffmpeg's arguments for `query`'s piece of `path`, written as FLAC to standard output.
  static func arguments(path: String, query: PieceQuery) -> [String] {
    let seekSeconds = max(0, query.start / query.rate - leadInSeconds)
    let first = query.start - seekSeconds * query.rate
    var arguments = ["-nostdin", "-v", "error"]
    if seekSeconds > 0 { arguments += ["-ss", String(seekSeconds)] }
    arguments += ["-i", path, "-map", "0:a:0", "-vn", "-sn", "-dn", "-map_metadata", "-1"]
    arguments += ["-af", "aresample=\(query.rate),atrim=start_sample=\(first):end_sample=\(first + query.frames)"]
    arguments += ["-ac", "2", "-c:a", "flac", "-compression_level", "0", "-f", "flac", "-"]
    return arguments
  }

  /// A decoded piece: FLAC from ffmpeg, or WAV decoded in process (`QuickPiece`).
  struct Piece {
    var bytes: Data
    var contentType: String
  }

  /// The piece; nil when it starts at or past the track's end. Asked `fast`, decoded in process
  /// where the codec allows.
  func piece(of path: String, _ query: PieceQuery) async throws -> Piece? {
    if query.fast {
      switch try await QuickPiece.decode(path, query) {
      case .wav(let bytes): return Piece(bytes: bytes, contentType: "audio/wav")
      case .pastTheEnd: return nil
      case .notHere: break
      }
    }
    guard let ffmpeg else { throw HTTPError(.serviceUnavailable, "Decoding pieces needs ffmpeg on the server") }
    let outcome = await ToolProcess().run(
      executable: ffmpeg, arguments: Self.arguments(path: path, query: query), environment: [:],
      timeoutSeconds: Self.ffmpegSeconds, collectOutputLimit: Self.largestPiece)
    guard outcome.status == 0, !outcome.outputTooLarge else {
      ServerLog.write("pieces: cannot decode \(path): \(outcome.errorTail.last ?? "exit \(outcome.status)")")
      throw HTTPError(.unprocessableContent, "The track cannot be decoded")
    }
    return FLACStream.hasFrames(outcome.output) ? Piece(bytes: outcome.output, contentType: "audio/flac") : nil
  }
}

/// Just enough of FLAC's layout to tell a stream with sound from one that is all header.
enum FLACStream {
  /// Whether anything follows the metadata blocks ("fLaC", then blocks of a 4-byte header — the
  /// last one flagged in its top bit, a 24-bit length — and their bodies; audio frames after).
  /// Read in place: a piece is up to tens of megabytes.
  static func hasFrames(_ data: Data) -> Bool {
    data.withUnsafeBytes { bytes in
      guard bytes.count >= 4, bytes[0..<4].elementsEqual("fLaC".utf8) else { return false }
      var at = 4
      while at + 4 <= bytes.count {
        let last = bytes[at] & 0x80 != 0
        let length = Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        at += 4 + length
        if last { return at < bytes.count }
      }
      return false
    }
  }
}
