import Testing

@testable import BlastoiseHTTP

@Test func libraryLineRepeatedWithinAMinuteIsHeldBackAndCounted() {
  var lines = RepeatedLines()
  let start = ContinuousClock.now
  #expect(lines.admit("http: refused", at: start) == "http: refused")
  #expect(lines.admit("http: refused", at: start + .seconds(1)) == nil)
  #expect(lines.admit("http: other", at: start + .seconds(2)) == "http: other")
  #expect(lines.admit("http: refused", at: start + .seconds(30)) == nil)
  #expect(
    lines.admit("http: refused", at: start + .seconds(61)) == "http: refused (and 2 more since the last such line)")
  #expect(lines.admit("http: other", at: start + .seconds(63)) == "http: other")
}
