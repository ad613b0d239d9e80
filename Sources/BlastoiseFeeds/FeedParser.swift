import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// RSS 2.0 / Atom → `Feed`, as one streaming SAX pass (XMLParser): memory stays bounded by the
/// caps in `FeedLimits`, not by the document.
public enum FeedParser {
  public static func parse(_ data: Data, limits: FeedLimits = FeedLimits()) throws(FeedError) -> Feed {
    let data = try XMLInput.prepared(data)
    let parser = XMLParser(data: data)
    parser.shouldProcessNamespaces = false  // FeedSAX resolves them, tolerating undeclared prefixes
    parser.shouldResolveExternalEntities = false
    let sax = FeedSAX(limits: limits)
    parser.delegate = sax
    _ = parser.parse()  // failures arrive through the delegate
    if let error = sax.failure { throw error }
    guard let feed = sax.builder?.feed else { throw FeedError.malformed(line: 0, reason: "empty document") }
    return feed
  }
}

/// XMLParser's delegate: keeps the element path and the current text, and hands each finished
/// element to a `FeedBuilder`.
final class FeedSAX: NSObject, XMLParserDelegate {
  private let limits: FeedLimits
  private var scopes = XMLScopes()
  private var path: [XMLName] = []
  private var text = ""
  private var textLength = 0
  private(set) var builder: FeedBuilder?
  private(set) var failure: FeedError?
  private var stoppedByCap = false

  init(limits: FeedLimits) { self.limits = limits }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    scopes.push(attributes)
    let name = scopes.resolve(elementName)
    if path.isEmpty {
      switch name.local.lowercased() {
      case "rss": builder = FeedBuilder(format: .rss, limits: limits)
      case "feed": builder = FeedBuilder(format: .atom, limits: limits)
      default:
        failure = .notAFeed(root: String(elementName.prefix(64)))
        parser.abortParsing()
        return
      }
    }
    path.append(name)
    text = ""
    textLength = 0
    builder?.start(name, attributes: attributes, path: path)
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
  ) {
    guard let name = path.last, let builder else { return }
    builder.end(name, text: text.trimmingCharacters(in: .whitespacesAndNewlines), path: path)
    path.removeLast()
    scopes.pop()
    text = ""
    textLength = 0
    if builder.feed.truncated {
      stoppedByCap = true
      parser.abortParsing()
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { append(string) }

  func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
    append(String(decoding: CDATABlock, as: UTF8.self))
  }

  private func append(_ string: String) {
    guard textLength < limits.maxFieldLength else { return }
    let room = limits.maxFieldLength - textLength
    let piece = string.count > room ? String(string.prefix(room)) : string
    text += piece
    textLength += piece.count
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
    // libxml2's namespace errors (200...205, e.g. an undeclared `itunes:` prefix) are recoverable
    // and common in real feeds; XMLScopes resolves such prefixes by their usual names.
    if (200...205).contains((parseError as NSError).code) { return }
    guard !stoppedByCap, failure == nil else { return }
    failure = .malformed(line: parser.lineNumber, reason: String(describing: parseError).prefix(200).description)
  }
}
