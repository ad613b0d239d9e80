/// Which decoded piece of a track `GET /api/tracks/:trackId/piece` answers: `frames` frames from
/// frame `start`, counted at `rate` (the caller's own sample rate, so it plays them unresampled).
/// Pieces asked end to end join without a seam: frame n of one is frame n of the whole track.
public struct PieceQuery: Sendable, Equatable {
  public static let rates = 8_000...192_000
  /// A piece holds at most this long of sound (a player asks a few seconds ahead, never a track).
  public static let maximumSeconds = 30
  /// Where a piece may start: within a day of sound (longer than any book's file).
  public static let latestStartSeconds = 24 * 3600

  public var rate: Int
  public var start: Int
  public var frames: Int
  /// Soon rather than small (`fast=1`): a join's first piece, as uncompressed WAV decoded in the
  /// server's process where it can (else FLAC, as always).
  public var fast: Bool

  public init(rate: Int, start: Int, frames: Int, fast: Bool = false) {
    self.rate = rate
    self.start = start
    self.frames = frames
    self.fast = fast
  }

  public init(parameters: [String: String]) throws(InvalidQuery) {
    guard let rate = try PageQuery.integer(parameters, "rate", in: Self.rates) else {
      throw InvalidQuery(message: "'rate' is required: the sample rate to decode at")
    }
    self.rate = rate
    start = try PageQuery.integer(parameters, "start", in: 0...(Self.latestStartSeconds * rate)) ?? 0
    guard let frames = try PageQuery.integer(parameters, "frames", in: 1...(Self.maximumSeconds * rate)) else {
      throw InvalidQuery(message: "'frames' is required: how many frames the piece holds")
    }
    self.frames = frames
    switch parameters["fast"] {
    case nil, "0": fast = false
    case "1": fast = true
    default: throw InvalidQuery(message: "'fast' must be 1 or 0")
    }
  }

  public var parameters: [(String, String)] {
    [("rate", String(rate)), ("start", String(start)), ("frames", String(frames))] + (fast ? [("fast", "1")] : [])
  }
}
