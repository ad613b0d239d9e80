import BlastoiseCore
import BlastoiseProtocol
import Testing

@Suite struct ListeningRuleTests {
  private func message(_ check: () throws -> Void) -> String? {
    do {
      try check()
      return nil
    } catch let error as CoreError {
      return error.code == .invalidInput ? error.message : "not invalid input: \(error)"
    } catch {
      return "unexpected \(error)"
    }
  }

  @Test func ratesFromHalfToThreeTimesAreKept() {
    for rate in [0.5, 1, 1.1, 2.5, 3] { #expect(message { try ListeningRule.checkRate(rate) } == nil, "\(rate)") }
    for rate in [0.49, 3.01, 0, -1, .nan, .infinity] {
      #expect(message { try ListeningRule.checkRate(rate) } == "rate must be a number from 0.5 to 3", "\(rate)")
    }
  }

  @Test func aPositionIsFiniteSecondsFromTheStart() {
    for position in [0, 0.001, 3_600, ProgressRule.longest] {
      #expect(message { try ListeningRule.checkPosition(position) } == nil, "\(position)")
    }
    for position in [-0.001, .nan, .infinity, ProgressRule.longest + 1] {
      #expect(
        message { try ListeningRule.checkPosition(position) }?.hasPrefix("position must be") == true, "\(position)")
    }
  }

  @Test func aNoteIsAtMost500CharactersWithoutANul() {
    #expect(message { try ListeningRule.checkNote("") } == nil)
    #expect(message { try ListeningRule.checkNote(String(repeating: "x", count: 500)) } == nil)
    // Characters as a person counts them: 500 accented letters are 1,500 bytes and still fit.
    #expect(message { try ListeningRule.checkNote(String(repeating: "e\u{301}", count: 500)) } == nil)
    #expect(
      message { try ListeningRule.checkNote(String(repeating: "x", count: 501)) }
        == "note must be at most 500 characters")
  }

  @Test func onlyKnownKindsAreTaken() throws {
    #expect(try ListeningRule.kind("books") == .books)
    #expect(try ListeningRule.kind("episodes") == .episodes)
    for text in ["songs", "", "Books"] {
      #expect(message { _ = try ListeningRule.kind(text) } == "The kind is episodes or books", "\(text)")
    }
  }
}
