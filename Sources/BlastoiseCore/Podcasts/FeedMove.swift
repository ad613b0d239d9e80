/// Where a feed now lives, when its publisher says it moved: a redirect chain of permanent
/// redirects only (301, 308) to another address, or the feed's own `itunes:new-feed-url`. A
/// temporary redirect (302, 303, 307) is followed each time but never kept, as podcast apps do.
/// The redirect wins over the declared URL: it is where the document was really found.
public enum FeedMove {
  /// The address to keep instead of `stored`, or nil to keep `stored`. `redirects` are the
  /// statuses of the chain's redirect answers, in order (empty: no redirect).
  public static func target(stored: String, finalURL: String, redirects: [Int], declared: String?) -> String? {
    if !redirects.isEmpty, redirects.allSatisfy({ $0 == 301 || $0 == 308 }), let moved = usable(finalURL, stored) {
      return moved
    }
    return declared.flatMap { usable($0.trimmingCharacters(), stored) }
  }

  /// An absolute http(s) address other than `stored`, of a length the store keeps.
  private static func usable(_ url: String, _ stored: String) -> String? {
    let lowered = url.lowercased()
    guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), url.utf8.count <= 2_048,
      url != stored, !url.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F })
    else { return nil }
    return url
  }
}

extension String {
  fileprivate func trimmingCharacters() -> String {
    var text = Substring(self)
    while let first = text.first, first.isWhitespace { text.removeFirst() }
    while let last = text.last, last.isWhitespace { text.removeLast() }
    return String(text)
  }
}
