import BlastoiseCore
import Testing

@Suite struct ChatRulesTests {
  @Test func textIsTrimmedAndKeptAsWritten() throws {
    #expect(try ChatText.checked("  <b>hi</b> & \"you\"\n") == "<b>hi</b> & \"you\"")
    #expect(try ChatText.checked("one\n\n\n\n\n\ntwo") == "one\n\n\ntwo")
    #expect(try ChatText.checked(String(repeating: "é", count: 500)).count == 500)
    #expect(try ChatText.checked("tab\there") == "tab\there")
  }

  @Test func emptyLongAndControlTextIsRefused() {
    for text in ["", "   \n ", String(repeating: "x", count: 501), "bell\u{7}", "nul\u{0}", "esc\u{1b}[31m"] {
      #expect(throws: CoreError.self, "\(text.debugDescription)") { try ChatText.checked(text) }
    }
  }

  @Test func aPersonMaySendABurstThenOneEveryInterval() {
    var throttle = ChatThrottle(burst: 3, interval: 2)
    func tries(_ person: String, at time: Double, _ count: Int = 1) -> [Bool] {
      (0..<count).map { _ in throttle.allow(person, at: time) }
    }
    #expect(tries("ann", at: 100, 4) == [true, true, true, false])
    #expect(tries("ben", at: 100) == [true])  // someone else is not held up
    #expect(tries("ann", at: 101) == [false])
    #expect(tries("ann", at: 102.01) == [true])
    #expect(tries("ann", at: 102.5) == [false])
    // After a long pause the whole burst is back, no more.
    #expect(tries("ann", at: 1_000, 4) == [true, true, true, false])
  }

  @Test func aReactionIsOneOfAFewEmoji() throws {
    for emoji in TrackReaction.allowed { #expect(try TrackReaction.checked(emoji) == emoji) }
    #expect(try TrackReaction.checked("❤") == "❤️")
    for other in ["", "x", "🔥🔥", " 🔥", "<b>", "💩", String(repeating: "👍", count: 100)] {
      #expect(throws: CoreError.self, "\(other.debugDescription)") { try TrackReaction.checked(other) }
    }
  }
}
