import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol
import CPieceDecoder
import Dispatch
import Foundation

/// A piece decoded in the server's own process (`CPieceDecoder`, libav*), as WAV (32-bit float
/// stereo): what a join's first piece is asked as (`fast=1`), since starting ffmpeg takes
/// 60–90 ms (~200 ms on a busy machine) of the time to the first sound. Its frames are ffmpeg's
/// own, frame for frame, so the ffmpeg pieces after it join without a seam. Uncompressed, so
/// only for the first short piece.
enum QuickPiece {
  enum Outcome: Equatable {
    case wav(Data)
    case pastTheEnd
    /// Not a codec this decoder is sure of (AAC): ffmpeg decodes it.
    case notHere
  }

  private static let queue = DispatchQueue(label: "blastoise.quick-piece", attributes: .concurrent)

  static func decode(_ path: String, _ query: PieceQuery) async throws -> Outcome {
    try await BlockingWork.run(on: queue) {
      var samples = [Float](repeating: 0, count: query.frames * 2)
      var error = [CChar](repeating: 0, count: 256)
      let written = samples.withUnsafeMutableBufferPointer { out in
        bl_decode_piece(path, Int32(query.rate), Int64(query.start), query.frames, out.baseAddress, &error, 256)
      }
      if written == BL_PIECE_NOT_HERE { return .notHere }
      guard written >= 0 else {
        let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        ServerLog.write("pieces: cannot decode \(path): \(message)")
        throw HTTPError(.unprocessableContent, "The track cannot be decoded")
      }
      guard written > 0 else { return .pastTheEnd }
      return .wav(wav(samples.prefix(written * 2), rate: query.rate))
    }
  }

  /// A WAVE file of interleaved stereo 32-bit float samples (format 3, IEEE float).
  static func wav(_ samples: ArraySlice<Float>, rate: Int) -> Data {
    let bytes = samples.count * 4
    var data = Data(capacity: 44 + bytes)
    func append(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    func append(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    data.append(contentsOf: Array("RIFF".utf8))
    append(UInt32(36 + bytes))
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    append(UInt32(16))
    append(UInt16(3))  // IEEE float
    append(UInt16(2))
    append(UInt32(rate))
    append(UInt32(rate * 8))  // bytes a second
    append(UInt16(8))  // bytes a frame
    append(UInt16(32))
    data.append(contentsOf: Array("data".utf8))
    append(UInt32(bytes))
    samples.withUnsafeBytes { data.append(contentsOf: $0) }
    return data
  }
}
