import Foundation
import Synchronization

/// libmicrohttpd's own complaints (malformed requests, resource limits) go to stderr. It writes
/// one per event — a connection refused over a limit, a client gone mid-request — so a flood of
/// connections would be a flood of lines: each distinct line is written at most once a minute.
func logFromLibrary(_ message: UnsafePointer<CChar>?) {
  guard let message else { return }
  let line = "http: \(String(cString: message))"
  if let admitted = libraryLines.withLock({ $0.admit(line, at: .now) }) { LogLine.write(admitted) }
}

private let libraryLines = Mutex(RepeatedLines())

/// Lets each distinct line through once a minute; the next one after that says how many were
/// held back.
struct RepeatedLines {
  private var seen: [String: (since: ContinuousClock.Instant, held: Int)] = [:]

  /// The line to write for `line`, or nil to hold it back.
  mutating func admit(_ line: String, at now: ContinuousClock.Instant) -> String? {
    if let entry = seen[line], now - entry.since < .seconds(60) {
      seen[line]?.held += 1
      return nil
    }
    let held = seen[line]?.held ?? 0
    // Lines carry numbers now and then; forget those not seen for a minute.
    if seen.count >= 64 { seen = seen.filter { now - $0.value.since < .seconds(60) } }
    seen[line] = (now, 0)
    return held > 0 ? "\(line) (and \(held) more since the last such line)" : line
  }
}
