import Testing

@testable import BlastoiseSubsonic

/// Embedded lyrics as the `songLyrics` extension gives them: LRC as synced lines, other text as
/// plain lines.
@Suite struct SubsonicLyricsTests {
  static func lines(_ element: SubsonicElement) -> [SubsonicElement] {
    for case .list("line", let lines) in element.children { return lines }
    return []
  }

  @Test func lrcBecomesSyncedLinesWithTheirStartInMilliseconds() {
    let text = "[ar:Sigur Rós]\n[00:12.5]Hljóð\n[01:02.34] og þögn\n[02:03.456]\n"
    let element = SubsonicLyrics.element(text, title: "Hljóð", artist: "Sigur Rós")
    #expect(element["synced"] == .bool(true) && element["lang"] == .string("xxx"))
    let lines = Self.lines(element)
    #expect(lines.map { $0["start"] } == [.int(12_500), .int(62_340), .int(123_456)])
    #expect(lines.map(\.text) == ["Hljóð", "og þögn", ""])
  }

  @Test func plainTextIsOneUnsyncedLineALine() {
    let element = SubsonicLyrics.element("First\r\nSecond\n\n[not a time]\n\n", title: "T", artist: nil)
    #expect(element["synced"] == .bool(false) && element["displayArtist"] == nil)
    #expect(Self.lines(element).map(\.text) == ["First", "Second", "", "[not a time]"])
  }

  @Test func timesOutOfShapeAreNotTimes() {
    for row in ["[1:2]x", "[00:60]x", "[00:05.1234]x", "[-1:00]x", "[00:05", "00:05]x"] {
      #expect(SubsonicLyrics.timedLine(row) == nil, "\(row)")
    }
  }

  @Test func artistsAreFiledUnderTheirFirstLetterWithoutAccents() {
    #expect(SubsonicIndex.letter(for: "Ólafur Arnalds") == "O")
    #expect(SubsonicIndex.letter(for: "  sigur rós") == "S")
    #expect(SubsonicIndex.letter(for: "2Pac") == "#" && SubsonicIndex.letter(for: "") == "#")
    let filed = SubsonicItems.indexes([
      ("S", SubsonicElement("artist", ["name": "Sigur Rós"])), ("#", SubsonicElement("artist", ["name": "2Pac"])),
      ("A", SubsonicElement("artist", ["name": "Amiina"])), ("S", SubsonicElement("artist", ["name": "Sóley"])),
    ])
    #expect(filed.map { $0["name"] } == [.string("#"), .string("A"), .string("S")])
    #expect(
      filed.last?.children == [
        .list(
          "artist",
          [
            SubsonicElement("artist", ["name": "Sigur Rós"]), SubsonicElement("artist", ["name": "Sóley"]),
          ])
      ])
  }

  @Test func plainValuesAreElementsInXMLAndAnArrayInJSON() {
    let element = SubsonicElement("user", ["username": "ann"], children: [.values("folder", [.int(1), .int(2)])])
    let xml = SubsonicReply(.success(element), format: .xml, serverVersion: "1").body
    #expect(xml.contains(#"<user username="ann"><folder>1</folder><folder>2</folder></user>"#))
    let json = SubsonicReply(.success(element), format: .json, serverVersion: "1").body
    #expect(json.contains(#""user":{"username":"ann","folder":[1,2]}"#))
  }
}
