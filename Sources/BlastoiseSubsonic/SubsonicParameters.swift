/// A Subsonic request's parameters: the query's and, for a form POST (`formPost`), the body's,
/// in order. A key may repeat (`id=1&id=2`); a single-valued read takes the first.
public struct SubsonicParameters: Sendable {
  public let pairs: [(name: String, value: String)]

  public init(_ pairs: [(name: String, value: String)]) { self.pairs = pairs }

  public func string(_ name: String) -> String? { pairs.first { $0.name == name }?.value }

  public func strings(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

  public func required(_ name: String) throws(SubsonicFailure) -> String {
    guard let value = string(name), !value.isEmpty else { throw .missing(name) }
    return value
  }

  /// A whole number in `range`; nil when absent or empty.
  public func int(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(SubsonicFailure) -> Int? {
    guard let text = string(name), !text.isEmpty else { return nil }
    guard let value = Int(text), range.contains(value) else {
      let bounds = range == Int.min...Int.max ? "" : " from \(range.lowerBound) to \(range.upperBound)"
      throw SubsonicFailure(.generic, "'\(name)' is a whole number\(bounds), not '\(text.prefix(40))'")
    }
    return value
  }

  public func requiredInt(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(SubsonicFailure)
    -> Int
  {
    guard let value = try int(name, in: range) else { throw .missing(name) }
    return value
  }

  /// Every value of `name` as a position from 0 (`songIndexToRemove`).
  public func positions(_ name: String) throws(SubsonicFailure) -> [Int] {
    try strings(name).map { text throws(SubsonicFailure) in
      guard let index = Int(text), index >= 0 else {
        throw SubsonicFailure(.generic, "'\(name)' is a position from 0, not '\(text.prefix(40))'")
      }
      return index
    }
  }

  /// A position in a song, milliseconds: up to the longest an `xs:int` of seconds says.
  public static let positionRange = 0...Int(Int32.max) * 1000

  /// `true` or `false` (any case); nil when absent or empty.
  public func bool(_ name: String) throws(SubsonicFailure) -> Bool? {
    guard let text = string(name), !text.isEmpty else { return nil }
    switch text.lowercased() {
    case "true": return true
    case "false": return false
    default: throw SubsonicFailure(.generic, "'\(name)' is true or false, not '\(text.prefix(40))'")
    }
  }
}
