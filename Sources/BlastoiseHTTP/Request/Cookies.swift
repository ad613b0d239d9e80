/// Parses a `Cookie` request header into name → value (first occurrence wins).
///
/// The header is split and trimmed by Unicode scalar, as a browser sees its bytes: split by
/// `Character`, a `;` or `=` followed by a combining mark (`a=1;\u{65D}b=2`) would be no
/// separator, and one cookie's value could swallow the next cookie (found by the cookie fuzzer).
public enum CookieHeader {
  public static func parse(_ header: String?) -> [String: String] {
    var cookies: [String: String] = [:]
    for (name, value) in pairs(header) where !name.isEmpty && cookies[name] == nil {
      let scalars = value.unicodeScalars
      let quoted = scalars.count >= 2 && scalars.first == "\"" && scalars.last == "\""
      cookies[name] = quoted ? String(scalars.dropFirst().dropLast()) : value
    }
    return cookies
  }

  /// Every value sent for `name`, in order (a browser sends several when cookies of one name
  /// were set for different paths or domains).
  public static func values(named name: String, in header: String?) -> [String] {
    pairs(header).filter { $0.name == name }.map(\.value)
  }

  /// The header's `name=value` pairs, trimmed; pieces without `=` are left out.
  private static func pairs(_ header: String?) -> [(name: String, value: String)] {
    guard let header else { return [] }
    return header.unicodeScalars.split(separator: ";").compactMap { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2 else { return nil }
      return (Substring(parts[0]).trimmingSpaces(), Substring(parts[1]).trimmingSpaces())
    }
  }
}

/// A `Set-Cookie` response header value.
public struct SetCookie: Sendable, Equatable {
  public enum SameSite: String, Sendable { case strict = "Strict", lax = "Lax", none = "None" }

  public var name: String
  public var value: String
  public var path = "/"
  public var maxAgeSeconds: Int?
  public var httpOnly = true
  public var secure = false
  public var sameSite: SameSite = .lax

  public init(name: String, value: String, maxAgeSeconds: Int? = nil, secure: Bool = false) {
    self.name = name
    self.value = value
    self.maxAgeSeconds = maxAgeSeconds
    self.secure = secure
  }

  /// A cookie that tells the browser to forget `name`.
  public static func expired(_ name: String, secure: Bool = false) -> SetCookie {
    SetCookie(name: name, value: "", maxAgeSeconds: 0, secure: secure)
  }

  public var headerValue: String {
    var parts = ["\(name)=\(value)", "Path=\(path)"]
    if let maxAgeSeconds { parts.append("Max-Age=\(maxAgeSeconds)") }
    if httpOnly { parts.append("HttpOnly") }
    if secure { parts.append("Secure") }
    parts.append("SameSite=\(sameSite.rawValue)")
    return parts.joined(separator: "; ")
  }
}

extension Substring {
  /// Without spaces and tabs at either end, trimmed by Unicode scalar: a blank followed by a
  /// combining mark is one `Character`, yet still a blank on the wire.
  func trimmingSpaces() -> String {
    let isBlank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = unicodeScalars.firstIndex(where: { !isBlank($0) }),
      let last = unicodeScalars.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(unicodeScalars[first...last])
  }
}
