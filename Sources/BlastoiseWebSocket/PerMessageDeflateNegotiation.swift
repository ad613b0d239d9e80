/// The server's side of permessage-deflate negotiation (RFC 7692 §5, §7.1), for the one
/// configuration this project speaks: every message is compressed on its own in both directions
/// (`server_no_context_takeover`, `client_no_context_takeover`) with 15-bit windows. Compressing
/// without context lets one compressed frame go to every client, and inflating without it keeps
/// no zlib state on an idle socket.
public enum PerMessageDeflateNegotiation {
  public static let extensionName = "permessage-deflate"

  /// What the server answers in `Sec-WebSocket-Extensions`. The two parameters may be sent even
  /// when the client did not offer them (§7.1.1.1, §7.1.1.2).
  static let acceptance = "permessage-deflate; server_no_context_takeover; client_no_context_takeover"

  /// The answer to a client's `Sec-WebSocket-Extensions` (its values joined by commas when the
  /// header came more than once): the first permessage-deflate offer the server can take, or nil
  /// when there is none. Other extensions are left out of the answer, which declines them.
  public static func serverResponse(toOffers header: String) -> String? {
    for offer in split(Substring(header), on: ",") {
      var parts = split(offer, on: ";").map(trimmed)
      guard parts.removeFirst().lowercased() == extensionName else { continue }
      if let answer = accept(parameters: parts) { return answer }
    }
    return nil
  }

  /// §7.1: an offer is declined for an unknown parameter, an invalid value or a repeated name.
  private static func accept(parameters: [Substring]) -> String? {
    var seen: Set<String> = []
    var answer = acceptance
    for parameter in parameters {
      let pieces = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = trimmed(pieces[0]).lowercased()
      let value = pieces.count == 2 ? unquoted(trimmed(pieces[1])) : nil
      guard seen.insert(name).inserted else { return nil }
      switch name {
      case "server_no_context_takeover", "client_no_context_takeover":
        guard value == nil else { return nil }
      case "server_max_window_bits":
        // Frames are compressed once for everyone with zlib's 15-bit window; a client asking
        // for a smaller one gets its next offer or no compression (§7.1.2.1 lets us decline).
        guard value == "15" else { return nil }
        answer += "; server_max_window_bits=15"
      case "client_max_window_bits":
        // The inflater takes any window up to 15 bits, so the client keeps what it chose.
        guard value.map(isWindowBits) ?? true else { return nil }
      default:
        return nil
      }
    }
    return answer
  }

  /// 8–15 with no leading zero (§7.1.2.1).
  private static func isWindowBits(_ value: Substring) -> Bool {
    guard value.first != "0", let bits = Int(value) else { return false }
    return (8...15).contains(bits)
  }

  /// Splits at `separator` where it is not inside a quoted string (RFC 7230 §3.2.6).
  private static func split(_ text: Substring, on separator: Character) -> [Substring] {
    var parts: [Substring] = []
    var start = text.startIndex
    var inQuotes = false
    var escaped = false
    for index in text.indices {
      let character = text[index]
      if escaped {
        escaped = false
      } else if inQuotes, character == "\\" {
        escaped = true
      } else if character == "\"" {
        inQuotes.toggle()
      } else if !inQuotes, character == separator {
        parts.append(text[start..<index])
        start = text.index(after: index)
      }
    }
    parts.append(text[start...])
    return parts
  }

  /// A quoted-string's content with its escapes undone; a token as it is; nil for an empty value.
  private static func unquoted(_ value: Substring) -> Substring? {
    guard value.count >= 2, value.first == "\"", value.last == "\"" else { return value.isEmpty ? nil : value }
    var content = ""
    var escaped = false
    for character in value.dropFirst().dropLast() {
      if !escaped, character == "\\" {
        escaped = true
        continue
      }
      escaped = false
      content.append(character)
    }
    return content.isEmpty ? nil : Substring(content)
  }

  private static func trimmed(_ text: Substring) -> Substring {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return text[first...last]
  }
}
