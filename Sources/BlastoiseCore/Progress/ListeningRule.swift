import BlastoiseProtocol

/// What a person's bookmarks and playback rates may hold. Pure: the stores check with it, and
/// the routes answer its messages as 400s.
public enum ListeningRule {
  /// The rates a book or show may play at (pitch kept).
  public static let rates = 0.5...3.0
  /// A note's length in characters (what a person sees, not bytes).
  public static let longestNote = 500

  /// The kind named by a path's `:kind`.
  public static func kind(_ text: String) throws -> ProgressKind {
    guard let kind = ProgressKind(rawValue: text) else { throw CoreError.invalid("The kind is episodes or books") }
    return kind
  }

  public static func checkRate(_ rate: Double) throws {
    guard rate.isFinite, rates.contains(rate) else { throw CoreError.invalid("rate must be a number from 0.5 to 3") }
  }

  /// A bookmark's position: seconds from the start, no later than the longest item.
  public static func checkPosition(_ position: Double) throws {
    guard position.isFinite, (0...ProgressRule.longest).contains(position) else {
      throw CoreError.invalid("position must be a number of seconds from 0 to \(Int(ProgressRule.longest))")
    }
  }

  public static func checkNote(_ note: String) throws {
    guard note.count <= longestNote else { throw CoreError.invalid("note must be at most \(longestNote) characters") }
  }
}
