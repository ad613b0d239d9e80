/// The namespaces feeds use, resolved from declarations — compared case-insensitively, since
/// real feeds misspell the URIs' case — or, when a prefix is used undeclared, from its usual name.
enum XMLSpace: Sendable, Equatable {
  case none, atom, itunes, podcast, content, other

  init(uri: String) {
    let uri = uri.lowercased()
    if uri.contains("itunes.com/dtds/podcast") {
      self = .itunes
    } else if uri.contains("podcastindex") {
      self = .podcast
    } else if uri.contains("w3.org/2005/atom") {
      self = .atom
    } else if uri.contains("purl.org/rss/1.0/modules/content") {
      self = .content
    } else {
      self = .other
    }
  }

  init(undeclaredPrefix prefix: String) {
    switch prefix.lowercased() {
    case "itunes": self = .itunes
    case "podcast": self = .podcast
    case "atom": self = .atom
    case "content": self = .content
    default: self = .other
    }
  }
}

/// An element's namespace and local name ("itunes:duration" → .itunes, "duration").
struct XMLName: Equatable {
  var space: XMLSpace
  var local: String
}

/// Prefix → namespace declarations in scope, one frame per open element.
struct XMLScopes {
  private var frames: [[String: XMLSpace]] = [[:]]

  mutating func push(_ attributes: [String: String]) {
    var frame: [String: XMLSpace] = [:]
    for (key, value) in attributes where key == "xmlns" || key.hasPrefix("xmlns:") {
      frame[key == "xmlns" ? "" : String(key.dropFirst(6))] = XMLSpace(uri: value)
    }
    frames.append(frame)
  }

  mutating func pop() { if frames.count > 1 { frames.removeLast() } }

  func resolve(_ qualified: String) -> XMLName {
    let parts = qualified.split(separator: ":", maxSplits: 1)
    let prefix = parts.count == 2 ? String(parts[0]) : ""
    let local = String(parts.last ?? "")
    for frame in frames.reversed() {
      if let space = frame[prefix] { return XMLName(space: space, local: local) }
    }
    return XMLName(space: prefix.isEmpty ? .none : XMLSpace(undeclaredPrefix: prefix), local: local)
  }
}
