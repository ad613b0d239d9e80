/// Why a file's tags could not be read. The scanner logs `reason` and skips the file.
public enum TagReadError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Missing, unreadable, or not a regular file.
  case cannotOpen
  /// Empty, a format TagLib does not know, or no audio stream inside.
  case notAudio
  /// Audio, but no positive length could be found.
  case noDuration
  /// The stream ends before the length its headers declare (an interrupted copy or upload).
  case truncated

  public var reason: String {
    switch self {
    case .cannotOpen: "cannot open"
    case .notAudio: "not an audio file"
    case .noDuration: "no duration"
    case .truncated: "truncated audio file"
    }
  }

  public var description: String { reason }
}
