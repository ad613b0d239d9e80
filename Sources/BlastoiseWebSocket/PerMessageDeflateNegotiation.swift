/// Both sides of permessage-deflate negotiation (RFC 7692 §5, §7.1), for the one
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
      guard let (name, parameters) = element(offer), name == extensionName else { continue }
      if let answer = accept(parameters) { return answer }
    }
    return nil
  }

  /// §7.1: an offer is declined for an unknown parameter or an invalid value.
  private static func accept(_ parameters: [Parameter]) -> String? {
    var answer = acceptance
    for (name, value) in parameters {
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

  /// What the Swift client offers. It sends its own messages uncompressed (§6: a sender may) and
  /// inflates the server's, whatever window the server used.
  public static let clientOffer = extensionName

  /// Whether the server's `Sec-WebSocket-Extensions` answer (nil: none) accepted the client's
  /// offer. Throws for an answer the client must fail the connection over (§5, §7.1): an
  /// extension it did not offer, more than one, or a parameter it does not know, repeated or
  /// with a value not allowed.
  public static func clientAccepts(response header: String?) throws(WebSocketProtocolError) -> Bool {
    guard let header, !trimmed(Substring(header)).isEmpty else { return false }
    let refused = WebSocketProtocolError(closeCode: .protocolError, reason: "unexpected extension answer: \(header)")
    let elements = split(Substring(header), on: ",")
    guard elements.count == 1, let (name, parameters) = element(elements[0]), name == extensionName else {
      throw refused
    }
    for (name, value) in parameters {
      switch name {
      case "server_no_context_takeover", "client_no_context_takeover":
        guard value == nil else { throw refused }
      case "server_max_window_bits", "client_max_window_bits":
        // A raw inflate with a 15-bit window reads any smaller window too.
        guard let value, isWindowBits(value) else { throw refused }
      default:
        throw refused
      }
    }
    return true
  }

  private typealias Parameter = (name: String, value: Substring?)

  /// One offer or answer: the extension's name and its parameters, names lower-cased and values
  /// unquoted; nil when a parameter is named twice (§7.1).
  private static func element(_ text: Substring) -> (name: String, parameters: [Parameter])? {
    var parts = split(text, on: ";").map(trimmed)
    let name = parts.removeFirst().lowercased()
    var seen: Set<String> = []
    var parameters: [Parameter] = []
    for part in parts {
      let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let parameter = trimmed(pieces[0]).lowercased()
      guard seen.insert(parameter).inserted else { return nil }
      parameters.append((parameter, pieces.count == 2 ? unquoted(trimmed(pieces[1])) : nil))
    }
    return (name, parameters)
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
