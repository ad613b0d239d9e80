/// The reverse proxies whose `X-Forwarded-For` entries are believed, and the walk that finds
/// the client behind them.
///
/// Each proxy appends the address it saw to the right of the header, so only the right end is
/// written by proxies; everything to its left came from the client and may be forged. The walk
/// starts at the connection's peer and moves left while the current hop is a trusted proxy: the
/// first hop that is not one is the client.
struct TrustedProxies: Sendable {
  let ranges: [AddressRange]

  func trusts(_ address: IPAddress) -> Bool {
    ranges.contains { $0.contains(address) }
  }

  func trusts(peer: String) -> Bool {
    IPAddress(peer).map(trusts) ?? false
  }

  /// `peer` is the connection's address; `forwardedFor` the `X-Forwarded-For` values in the order
  /// they came. The answer is always an address in canonical form, never a client's own text.
  /// A malformed entry stops the walk at the proxy that passed it on.
  func clientAddress(peer: String, forwardedFor: [String]) -> String {
    guard var client = IPAddress(peer)?.unmapped else { return peer }
    var entries = forwardedFor.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
    while trusts(client), let entry = entries.popLast() {
      guard let hop = Self.address(ofEntry: entry) else { break }
      client = hop
    }
    return client.description
  }

  /// One entry: `1.2.3.4`, `2001:db8::1`, and the forms with a port some proxies write
  /// (`1.2.3.4:5678`, `[2001:db8::1]:5678`).
  static func address(ofEntry entry: Substring) -> IPAddress? {
    var text = entry.trimmingSpacesAndTabs()
    if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
      let port = text[text.index(after: close)...]
      guard port.isEmpty || (port.hasPrefix(":") && isPort(port.dropFirst())) else { return nil }
      text = text[text.index(after: text.startIndex)..<close]
      return IPAddress(text)?.unmapped
    }
    let colons = text.filter { $0 == ":" }.count
    if colons == 1, let colon = text.firstIndex(of: ":") {
      guard isPort(text[text.index(after: colon)...]) else { return nil }
      text = text[..<colon]
    }
    return IPAddress(text)?.unmapped
  }

  private static func isPort(_ text: Substring) -> Bool {
    !text.isEmpty && text.count <= 5 && text.allSatisfy { $0.isASCII && $0.isNumber }
  }
}

extension Substring {
  fileprivate func trimmingSpacesAndTabs() -> Substring {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
      return self[endIndex...]
    }
    return self[first...last]
  }
}
