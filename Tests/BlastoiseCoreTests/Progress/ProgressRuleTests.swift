import BlastoiseCore
import BlastoiseProtocol
import Testing

@Suite struct ProgressRuleTests {
  private func apply(_ report: ProgressReport, over stored: ListeningProgress? = nil, now: Int64 = 10_000) throws
    -> ListeningProgress
  {
    try ProgressRule.apply(report, kind: .episodes, id: "https://x.example/1.mp3", over: stored, now: now)
  }

  @Test func aStaleReportNeverMovesAnyoneBack() throws {
    let phone = try apply(ProgressReport(position: 600, duration: 3_600, at: 9_000))
    // A backgrounded tab saves the position it read earlier, after the phone's.
    let tab = try apply(ProgressReport(position: 120, at: 5_000), over: phone, now: 11_000)
    #expect(tab == phone)
    // The same moment twice keeps the first: a retry changes nothing.
    #expect(try apply(ProgressReport(position: 130, at: 9_000), over: phone, now: 12_000) == phone)
    let later = try apply(ProgressReport(position: 650, at: 9_500), over: phone, now: 12_000)
    #expect(later.position == 650 && later.positionAt == 9_500 && later.updatedAt == 12_000)
  }

  @Test func aTimeInTheFutureCountsAsNow() throws {
    let ahead = try apply(ProgressReport(position: 50, at: 99_999_999), now: 10_000)
    #expect(ahead.positionAt == 10_000)
    // So a device with a true clock can still move it on a moment later.
    #expect(try apply(ProgressReport(position: 60), over: ahead, now: 10_001).position == 60)
  }

  @Test func finishedWhenLessThanTenSecondsRemain() throws {
    #expect(try apply(ProgressReport(position: 3_590.5, duration: 3_600)).finished)
    #expect(try !apply(ProgressReport(position: 3_589, duration: 3_600)).finished)
    #expect(try !apply(ProgressReport(position: 3_599)).finished)  // no duration known
    // The duration reported before is remembered.
    let first = try apply(ProgressReport(position: 10, duration: 100, at: 1))
    #expect(try apply(ProgressReport(position: 95, at: 2), over: first).finished)
  }

  @Test func finishedCanBeSaidEitherWay() throws {
    #expect(try apply(ProgressReport(position: 5, duration: 3_600, finished: true)).finished)
    #expect(try !apply(ProgressReport(position: 3_599, duration: 3_600, finished: false)).finished)
  }

  @Test func aPositionPastTheEndIsTheEnd() throws {
    let past = try apply(ProgressReport(position: 4_000, duration: 3_600))
    #expect(past.position == 3_600 && past.finished)
  }

  @Test func nonsenseIsRefused() {
    for report in [
      ProgressReport(position: -1), ProgressReport(position: .nan), ProgressReport(position: .infinity),
      ProgressReport(position: 2_000_000), ProgressReport(position: 1, duration: 0),
      ProgressReport(position: 1, duration: -5), ProgressReport(position: 1, at: -1),
    ] {
      #expect(throws: CoreError.self) { try apply(report) }
    }
    #expect(throws: CoreError.self) { try ProgressRule.checkID("") }
    #expect(throws: CoreError.self) { try ProgressRule.checkID(String(repeating: "a", count: 2_049)) }
  }
}
