/// One HTTP route: the pattern the server's router registers (`/api/channels/:id/queue`) and
/// the concrete paths clients request. Every route is listed once, in `APIRoute+All.swift`.
public struct APIRoute: Sendable, Hashable, CustomStringConvertible {
  /// Literal segments and `:name` parameters, as `Router` matches them.
  public let pattern: String

  init(_ pattern: String) { self.pattern = pattern }

  public var description: String { pattern }

  /// The names of the `:parameter` segments, in order.
  public var parameters: [String] {
    pattern.split(separator: "/").filter { $0.hasPrefix(":") }.map { String($0.dropFirst()) }
  }

  /// The path with each `:parameter` segment replaced, in order, by one of `values`, percent-
  /// encoded as a single segment (track IDs hold a `:`; room and playlist IDs are opaque).
  public func path(_ values: String...) -> String { path(values) }

  /// `path(values…)` with a query: `?name=value&…`, names and values percent-encoded.
  public func path(_ values: String..., query: [(String, String)]) -> String {
    let items = query.map { Self.percentEncoded($0.0) + "=" + Self.percentEncoded($0.1) }
    return path(values) + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
  }

  private func path(_ values: [String]) -> String {
    assert(values.count == parameters.count, "\(pattern) takes \(parameters.count) values")
    var remaining = values[...]
    let segments = pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment in
      guard segment.hasPrefix(":"), let value = remaining.popFirst() else { return String(segment) }
      return Self.percentEncoded(value)
    }
    return segments.joined(separator: "/")
  }

  /// Everything but RFC 3986's unreserved characters, byte by byte of the UTF-8.
  static func percentEncoded(_ value: String) -> String {
    var encoded = ""
    for byte in value.utf8 {
      if isUnreserved(byte) {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
      }
    }
    return encoded
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch Unicode.Scalar(byte) {
    case "A"..."Z", "a"..."z", "0"..."9", "-", ".", "_", "~": true
    default: false
    }
  }
}
