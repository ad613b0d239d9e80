/// OPML 2.0 export of subscriptions, one flat outline each, attributes XML-escaped.
public enum OPMLWriter {
  public static func document(title: String, subscriptions: [OPMLSubscription]) -> String {
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n"
    out += "  <head><title>\(escape(title))</title></head>\n  <body>\n"
    for subscription in subscriptions {
      let text = escape(subscription.title ?? subscription.feedURL)
      out += "    <outline type=\"rss\" text=\"\(text)\" title=\"\(text)\" xmlUrl=\"\(escape(subscription.feedURL))\""
      if let site = subscription.siteURL { out += " htmlUrl=\"\(escape(site))\"" }
      out += "/>\n"
    }
    return out + "  </body>\n</opml>\n"
  }

  /// Escapes for both text and double-quoted attributes; drops characters XML 1.0 cannot carry.
  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "\n": out += "&#10;"
      case "\r": out += "&#13;"
      case "\t": out += "&#9;"
      default:
        let value = scalar.value
        guard value >= 0x20, !(0xFFFE...0xFFFF).contains(value) else { continue }
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
