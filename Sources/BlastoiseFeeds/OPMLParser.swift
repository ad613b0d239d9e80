import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// OPML import: every outline with an xmlUrl (any attribute case, any nesting depth — folders
/// are flattened), deduplicated by feed URL, in document order.
public enum OPMLParser {
  public static func parse(_ data: Data, maxSubscriptions: Int = 10_000) throws(FeedError) -> [OPMLSubscription] {
    let data = try XMLInput.prepared(data)
    let parser = XMLParser(data: data)
    parser.shouldResolveExternalEntities = false
    let sax = OPMLSAX(maxSubscriptions: maxSubscriptions)
    parser.delegate = sax
    _ = parser.parse()  // failures arrive through the delegate
    if let failure = sax.failure { throw failure }
    guard sax.sawRoot else { throw FeedError.malformed(line: 0, reason: "empty document") }
    return sax.subscriptions
  }
}

final class OPMLSAX: NSObject, XMLParserDelegate {
  private let maxSubscriptions: Int
  private var seen: Set<String> = []
  private(set) var subscriptions: [OPMLSubscription] = []
  private(set) var failure: FeedError?
  private(set) var sawRoot = false
  private var full = false

  init(maxSubscriptions: Int) { self.maxSubscriptions = maxSubscriptions }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    let local = elementName.split(separator: ":").last.map { $0.lowercased() } ?? ""
    if !sawRoot {
      sawRoot = true
      guard local == "opml" else {
        failure = .notAFeed(root: String(elementName.prefix(64)))
        parser.abortParsing()
        return
      }
    }
    guard local == "outline" else { return }
    var lowered: [String: String] = [:]
    for (key, value) in attributes { lowered[key.lowercased()] = value }
    guard let url = nonEmpty(lowered["xmlurl"]), seen.insert(url).inserted else { return }
    subscriptions.append(
      OPMLSubscription(
        title: nonEmpty(lowered["title"]) ?? nonEmpty(lowered["text"]), feedURL: url,
        siteURL: nonEmpty(lowered["htmlurl"])))
    if subscriptions.count >= maxSubscriptions {
      full = true
      parser.abortParsing()
    }
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
    guard !full, failure == nil else { return }
    failure = .malformed(line: parser.lineNumber, reason: String(describing: parseError).prefix(200).description)
  }
}
