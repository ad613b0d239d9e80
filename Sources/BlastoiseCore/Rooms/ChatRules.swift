import BlastoiseProtocol
import Foundation

/// What a chat message may be: 1 to `maxCharacters` characters once surrounding space is trimmed,
/// no control characters but line breaks and tabs, at most two blank lines in a row.
public enum ChatText {
  public static let maxCharacters = 500
  /// How many messages a room keeps.
  public static let kept = 100

  public static func checked(_ raw: String) throws(CoreError) -> String {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { throw CoreError.invalid("A chat message needs some text") }
    guard text.count <= maxCharacters else {
      throw CoreError.invalid("A chat message is at most \(maxCharacters) characters")
    }
    let controls = text.unicodeScalars.contains { scalar in
      scalar.properties.generalCategory == .control && scalar != "\n" && scalar != "\t"
    }
    guard !controls else { throw CoreError.invalid("A chat message cannot hold control characters") }
    return text.replacing(/\n{4,}/, with: "\n\n\n")
  }
}

/// Per person, at most `burst` messages at once, then one more every `interval` seconds (a token
/// bucket). Pure: the room keeps one and asks it with the time.
public struct ChatThrottle: Sendable {
  public let burst: Double
  public let interval: Double
  private var buckets: [String: (tokens: Double, at: Double)] = [:]

  public init(burst: Int = 5, interval: Double = 2) {
    self.burst = Double(burst)
    self.interval = interval
  }

  /// Takes one message's allowance for `person` (any key that tells people apart: every guest is
  /// user 0) at `now`; false (and nothing taken) when they must wait.
  public mutating func allow(_ person: String, at now: Double) -> Bool {
    let bucket = buckets[person] ?? (burst, now)
    let tokens = min(burst, bucket.tokens + max(0, now - bucket.at) / interval)
    guard tokens >= 1 else {
      buckets[person] = (tokens, now)
      return false
    }
    buckets[person] = (tokens - 1, now)
    // Someone whose allowance has filled up again is as if new: forgotten, so the map stays small.
    if buckets.count > 1_000 {
      buckets = buckets.filter { $0.value.tokens + (now - $0.value.at) / interval < burst }
    }
    return true
  }
}

/// A reaction to the playing track: one of a few emoji, so a reaction stays a glance (a sentence
/// belongs in chat). Told to the room as activity ("ana reacted 🔥 to Blue in Green").
public enum TrackReaction {
  public static let allowed = ["👍", "❤️", "😂", "🔥", "👏", "😮"]

  public static func checked(_ raw: String) throws(CoreError) -> String {
    // A heart may come with or without its emoji presentation selector.
    let emoji = raw == "❤" ? "❤️" : raw
    guard allowed.contains(emoji) else {
      throw CoreError.invalid("A reaction is one of \(allowed.joined(separator: " "))")
    }
    return emoji
  }
}
