import BlastoiseClient
import Foundation

/// The one line a listener sees: state, track, time, drift, room.
enum StatusLine {
  static func text(_ snapshot: PlaybackSnapshot, canControl: Bool) -> String {
    let symbol: String
    switch snapshot.connection {
    case .reconnecting, .connecting(attempt: 1...): symbol = "…"
    case .closed: symbol = "×"
    default: symbol = snapshot.isPlaying ? "▶" : snapshot.paused ? "❚❚" : "…"
    }
    var parts = [symbol]
    if let track = snapshot.track {
      parts.append(track.artist.map { "\(track.title) — \($0)" } ?? track.title)
      let position = snapshot.playerPosition ?? snapshot.expectedPosition ?? 0
      parts.append("\(clock(position)) / \(clock(track.duration))")
    } else {
      parts.append(snapshot.status)
    }
    if let drift = snapshot.drift { parts.append(String(format: "drift %+.1f ms", drift * 1000)) }
    if abs(snapshot.rate - 1) > 0.00005 { parts.append(String(format: "rate %.4f", snapshot.rate)) }
    parts.append(snapshot.playbackMode)
    if snapshot.sourceMode == .radio {
      parts.append("\(snapshot.roomName) (\(snapshot.listenerCount))")
    } else {
      parts.append("library")
    }
    if case .reconnecting(_, let retryIn) = snapshot.connection { parts.append("reconnecting in \(Int(retryIn)) s") }
    if case .closed(let reason) = snapshot.connection { parts.append(reason) }
    parts.append(canControl ? "[space] pause [n]ext [p]rev [←/→] seek [m]ode [q]uit" : "listen only · [q]uit")
    return parts.joined(separator: "  ")
  }

  static func clock(_ seconds: Double) -> String {
    let total = max(0, Int(seconds.isFinite ? seconds : 0))
    return String(format: "%d:%02d", total / 60, total % 60)
  }

  /// Cuts to `width` columns (counting characters; the line is mostly ASCII).
  static func fit(_ text: String, width: Int) -> String {
    text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
  }
}
