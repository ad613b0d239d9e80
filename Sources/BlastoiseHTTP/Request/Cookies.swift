/// Parses a `Cookie` request header into name → value (first occurrence wins).
public enum CookieHeader {
  public static func parse(_ header: String?) -> [String: String] {
    guard let header else { return [:] }
    var cookies: [String: String] = [:]
    for pair in header.split(separator: ";") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2 else { continue }
      let name = parts[0].trimmingSpaces()
      var value = parts[1].trimmingSpaces()
      if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
      if !name.isEmpty, cookies[name] == nil { cookies[name] = value }
    }
    return cookies
  }

  /// Every value sent for `name`, in order (a browser sends several when cookies of one name
  /// were set for different paths or domains).
  public static func values(named name: String, in header: String?) -> [String] {
    guard let header else { return [] }
    return header.split(separator: ";").compactMap { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      return parts.count == 2 && parts[0].trimmingSpaces() == name ? parts[1].trimmingSpaces() : nil
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
  func trimmingSpaces() -> String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
