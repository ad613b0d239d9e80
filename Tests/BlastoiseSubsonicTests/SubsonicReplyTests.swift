import BlastoiseProtocol
import BlastoiseSubsonic
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

struct SubsonicReplyTests {
  private let hostile = "Tom & \"Jerry\" <b>\u{1}\u{8}\u{FFFE}\ttab\nline \u{2028} ☃"

  private var song: SubsonicElement {
    var track = Track(id: "sha256:ab", filename: "a/b.mp3", title: hostile, artist: "x", duration: 181.6)
    track.genres = ["Jazz", "Bop"]
    track.trackNumber = 3
    return SubsonicItems.song(track, Annotation(favouriteAt: 1_700_000_000_123, rating: 4, playCount: 2))
  }

  private func reply(_ format: SubsonicReply.Format) -> SubsonicReply {
    SubsonicReply(
      .success(SubsonicElement("album", ["id": "al-1", "name": "A"], children: [.list("song", [song])])),
      format: format, serverVersion: "0.1")
  }

  @Test func xmlIsWellFormedInItsNamespaceWithHostileTextKept() throws {
    let xml = reply(.xml)
    #expect(xml.contentType.hasPrefix("application/xml"))
    let reader = ElementReader()
    let parser = XMLParser(data: Data(xml.body.utf8))
    parser.shouldProcessNamespaces = true
    parser.delegate = reader
    #expect(parser.parse(), "\(parser.parserError.map(String.init(describing:)) ?? "")")
    #expect(reader.elements.first?.name == "subsonic-response")
    #expect(reader.elements.first?.namespace == "http://subsonic.org/restapi")
    #expect(reader.elements.first?.attributes["status"] == "ok")
    #expect(reader.elements.first?.attributes["openSubsonic"] == "true")
    let title = reader.elements.first { $0.name == "song" }?.attributes["title"]
    // Characters XML cannot carry are left out; the rest, tab and line feed too, survive.
    #expect(title == "Tom & \"Jerry\" <b>\ttab\nline \u{2028} ☃")
    #expect(reader.elements.filter { $0.name == "genres" }.map { $0.attributes["name"] } == ["Jazz", "Bop"])
  }

  @Test func jsonHasTheSameContentWithListsAsArrays() throws {
    let json = reply(.json)
    let root =
      try #require(
        try JSONSerialization.jsonObject(with: Data(json.body.utf8)) as? [String: Any])["subsonic-response"]
      as? [String: Any]
    #expect(root?["status"] as? String == "ok")
    #expect(root?["version"] as? String == SubsonicReply.apiVersion)
    #expect(root?["openSubsonic"] as? Bool == true)
    let songs = (root?["album"] as? [String: Any])?["song"] as? [[String: Any]]
    #expect(songs?.count == 1)
    #expect(songs?.first?["title"] as? String == hostile)
    #expect(songs?.first?["duration"] as? Int == 182)
    #expect(songs?.first?["isDir"] as? Bool == false)
    #expect(songs?.first?["userRating"] as? Int == 4)
    #expect(songs?.first?["starred"] as? String == "2023-11-14T22:13:20.123Z")
    #expect((songs?.first?["genres"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Jazz", "Bop"])
  }

  /// Each character either format changes, alone in plain text (text with none is copied whole):
  /// the JSON reads back the same, the XML parses and keeps what XML can carry.
  @Test(arguments: ["\"", "\\", "\u{1}", "\n", "\u{1F}", "\u{2028}", "\u{2029}", "&", "<", ">", "\u{FFFE}", "\u{FFFF}"])
  func eachCharacterThatIsEscapedIsEscapedAlone(character: String) throws {
    let text = "a" + character + "b"
    let element = SubsonicElement("song", ["title": text])
    let json = SubsonicReply(.success(element), format: .json, serverVersion: "1").body
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let song = (object?["subsonic-response"] as? [String: Any])?["song"] as? [String: Any]
    #expect(song?["title"] as? String == text)
    let jsonp = SubsonicReply(.success(element), format: .jsonp(callback: "cb"), serverVersion: "1").body
    #expect(!jsonp.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" })
    let xml = SubsonicReply(.success(element), format: .xml, serverVersion: "1").body
    let reader = ElementReader()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.delegate = reader
    #expect(parser.parse(), "\(xml)")
    let kept = ["\u{1}", "\u{1F}", "\u{FFFE}", "\u{FFFF}"].contains(character) ? "ab" : text
    #expect(reader.elements.first { $0.name == "song" }?.attributes["title"] == kept)
  }

  @Test func anEmptyListIsAnEmptyArrayAndTextIsValue() throws {
    let genres = SubsonicElement(
      "genres",
      children: [
        .list("genre", [SubsonicItems.genre(Genre(id: "g", name: "Rock", albumCount: 2, trackCount: 9))])
      ])
    let empty = SubsonicElement("albumList2", children: [.list("album", [])])
    for (element, expected) in [
      (genres, #""genres":{"genre":[{"songCount":9,"albumCount":2,"value":"Rock"}]}"#),
      (empty, #""albumList2":{"album":[]}"#),
    ] {
      let body = SubsonicReply(.success(element), format: .json, serverVersion: "1").body
      #expect(body.contains(expected), "\(body)")
    }
    let xml = SubsonicReply(.success(genres), format: .xml, serverVersion: "1").body
    #expect(xml.contains(#"<genre songCount="9" albumCount="2">Rock</genre>"#))
  }

  @Test func errorsCarryTheirCodeAndFailedStatus() {
    let failure = SubsonicFailure(.notFound, "No such album")
    let xml = SubsonicReply(.failure(failure), format: .xml, serverVersion: "1").body
    #expect(xml.contains(#"status="failed""#))
    #expect(xml.contains(#"<error code="70" message="No such album"/>"#))
    let json = SubsonicReply(.failure(failure), format: .json, serverVersion: "1").body
    #expect(json.contains(#""error":{"code":70,"message":"No such album"}"#))
  }

  @Test func jsonpWrapsTheJSONInACallbackThatMustBeAName() {
    let parameters = { (callback: String) in
      SubsonicParameters([(name: "f", value: "jsonp"), (name: "callback", value: callback)])
    }
    #expect(SubsonicReply.format(parameters("app.done_1")) == .success(.jsonp(callback: "app.done_1")))
    for bad in ["alert(1)//", "", "1abc", "a b", String(repeating: "a", count: 65)] {
      #expect(throws: SubsonicFailure.self) { try SubsonicReply.format(parameters(bad)).get() }
    }
    let body = SubsonicReply(.success(nil), format: .jsonp(callback: "cb"), serverVersion: "1").body
    #expect(body.hasPrefix(#"cb({"subsonic-response":{"status":"ok""#) && body.hasSuffix("});"))
    #expect(SubsonicReply.format(SubsonicParameters([(name: "f", value: "json")])) == .success(.json))
    #expect(SubsonicReply.format(SubsonicParameters([])) == .success(.xml))
  }
}

/// Every element's name, namespace and attributes, in document order.
private final class ElementReader: NSObject, XMLParserDelegate {
  var elements: [(name: String, namespace: String?, attributes: [String: String])] = []

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    elements.append((elementName, namespaceURI, attributes))
  }
}
