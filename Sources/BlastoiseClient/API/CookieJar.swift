import Foundation
import Synchronization

/// The cookies a native client keeps for one server: stored from `Set-Cookie`, sent back as one
/// `Cookie` header on HTTP requests and on the WebSocket handshake. The same on Linux and Apple
/// platforms (URLSession's own cookie storage is switched off, see `BlastoiseAPI`).
public final class CookieJar: Sendable {
  private let cookies = Mutex<[(name: String, value: String)]>([])

  public init(cookieHeader: String? = nil) {
    if let cookieHeader { restore(cookieHeader: cookieHeader) }
  }

  /// The `Cookie` header to send, nil when there is none. Apps may persist it (the iOS design
  /// keeps it in the Keychain) and hand it back to `restore(cookieHeader:)`.
  public var cookieHeader: String? {
    cookies.withLock { list in
      list.isEmpty ? nil : list.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }
  }

  /// The value of one cookie, e.g. `blastoise_session`.
  public func value(named name: String) -> String? {
    cookies.withLock { list in list.first { $0.name == name }?.value }
  }

  /// Replaces everything with the pairs of a `Cookie` header (`a=1; b=2`).
  public func restore(cookieHeader: String) {
    let pairs = cookieHeader.split(separator: ";").compactMap { Self.pair(String($0)) }
    cookies.withLock { $0 = pairs.filter { !$0.1.isEmpty }.map { (name: $0.0, value: $0.1) } }
  }

  public func removeAll() {
    cookies.withLock { $0 = [] }
  }

  /// Takes in one response's `Set-Cookie` header(s). Several may arrive joined with ", " (as
  /// Foundation on Linux joins repeated headers); an empty value or `Max-Age=0` deletes.
  public func store(setCookie header: String) {
    for cookie in Self.splitJoined(header) {
      let parts = cookie.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
      guard let first = parts.first, let (name, value) = Self.pair(first) else { continue }
      let attributes = parts.dropFirst().compactMap { Self.pair($0) }
      let expired =
        value.isEmpty
        || attributes.contains { $0.0.lowercased() == "max-age" && (Int($0.1) ?? 1) <= 0 }
        || attributes.contains { $0.0.lowercased() == "expires" && Self.isPast($0.1) }
      cookies.withLock { list in
        list.removeAll { $0.name == name }
        if !expired { list.append((name: name, value: value)) }
      }
    }
  }

  private static func pair(_ text: String) -> (String, String)? {
    guard let equals = text.firstIndex(of: "=") else { return nil }
    let name = text[..<equals].trimmingCharacters(in: .whitespaces)
    let value = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    return name.isEmpty ? nil : (name, value)
  }

  /// Splits `a=1; Path=/, b=2; Expires=Thu, 01 Jan 1970 00:00:00 GMT` at the commas that start a
  /// new cookie (a comma followed by `name=` before any `;`), not at those inside dates.
  static func splitJoined(_ header: String) -> [String] {
    var result: [String] = []
    var current = ""
    var index = header.startIndex
    while index < header.endIndex {
      let character = header[index]
      if character == "," {
        let rest = header[header.index(after: index)...]
        let upToBreak = rest.prefix { $0 != ";" && $0 != "," }
        if let equals = upToBreak.firstIndex(of: "="),
          !rest[rest.startIndex..<equals].trimmingCharacters(in: .whitespaces).contains(" "),
          !rest[rest.startIndex..<equals].trimmingCharacters(in: .whitespaces).isEmpty
        {
          result.append(current)
          current = ""
          index = header.index(after: index)
          continue
        }
      }
      current.append(character)
      index = header.index(after: index)
    }
    result.append(current)
    return result.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  private static func isPast(_ date: String) -> Bool {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEE, dd-MMM-yyyy HH:mm:ss zzz", "EEE, dd-MMM-yy HH:mm:ss zzz"] {
      formatter.dateFormat = format
      if let parsed = formatter.date(from: date) { return parsed <= Date() }
    }
    return false
  }
}
