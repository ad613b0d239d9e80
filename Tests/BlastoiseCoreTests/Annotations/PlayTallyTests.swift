import BlastoiseCore
import Testing

@Suite struct PlayRuleTests {
  @Test func halfTheTrackOrFourMinutesWhicheverIsLess() {
    #expect(PlayRule.threshold(duration: 200) == 100)
    #expect(PlayRule.threshold(duration: 480) == 240)
    #expect(PlayRule.threshold(duration: 3_600) == 240)
    #expect(PlayRule.threshold(duration: 30) == 15)
  }

  @Test func tracksUnderThirtySecondsNeverCount() {
    #expect(PlayRule.threshold(duration: 29.9) == nil)
    #expect(PlayRule.threshold(duration: 0) == nil)
    #expect(PlayRule.threshold(duration: .nan) == nil)
    #expect(PlayRule.threshold(duration: .infinity) == nil)
  }
}

@Suite struct PlayTallyTests {
  static func song(_ id: String = "t", _ duration: Double = 200, running: Bool = true) -> PlayTally.Playing {
    PlayTally.Playing(trackID: id, duration: duration, running: running)
  }

  @Test func countsOnceHalfIsHeardAndNotAgain() {
    var tally = PlayTally()
    #expect(tally.observe(at: 0, playing: Self.song(), listeners: [1]).isEmpty)
    #expect(tally.nextCount() == 100)
    #expect(tally.observe(at: 99, playing: Self.song(), listeners: [1]).isEmpty)
    #expect(tally.observe(at: 100, playing: Self.song(), listeners: [1]) == [.init(userID: 1, trackID: "t")])
    #expect(tally.nextCount() == nil)
    #expect(tally.observe(at: 199, playing: Self.song(), listeners: [1]).isEmpty)
  }

  @Test func eachListenerCountsForWhatTheyHeard() {
    var tally = PlayTally()
    _ = tally.observe(at: 0, playing: Self.song(), listeners: [1])
    // Bob joins 40 s in: he needs his own 100 s.
    #expect(tally.observe(at: 40, playing: Self.song(), listeners: [1, 2]).isEmpty)
    #expect(tally.nextCount() == 100)
    #expect(tally.observe(at: 100, playing: Self.song(), listeners: [1, 2]) == [.init(userID: 1, trackID: "t")])
    #expect(tally.nextCount() == 140)
    #expect(tally.observe(at: 140, playing: Self.song(), listeners: [1, 2]) == [.init(userID: 2, trackID: "t")])
  }

  @Test func twoListenersReachingItTogetherBothCount() {
    var tally = PlayTally()
    _ = tally.observe(at: 0, playing: Self.song(), listeners: [1, 2])
    let counts = tally.observe(at: 150, playing: Self.song(), listeners: [1, 2])
    #expect(counts == [.init(userID: 1, trackID: "t"), .init(userID: 2, trackID: "t")])
  }

  @Test func pausedTimeIsNotHeard() {
    var tally = PlayTally()
    _ = tally.observe(at: 0, playing: Self.song(), listeners: [1])
    _ = tally.observe(at: 60, playing: Self.song(running: false), listeners: [1])
    #expect(tally.nextCount() == nil)
    #expect(tally.observe(at: 1_000, playing: Self.song(running: false), listeners: [1]).isEmpty)
    _ = tally.observe(at: 1_000, playing: Self.song(), listeners: [1])
    #expect(tally.nextCount() == 1_040)
    #expect(tally.observe(at: 1_040, playing: Self.song(), listeners: [1]).count == 1)
  }

  @Test func seekingAroundTheSamePlayNeverCountsItTwice() {
    var tally = PlayTally()
    _ = tally.observe(at: 0, playing: Self.song(), listeners: [1])
    #expect(tally.observe(at: 100, playing: Self.song(), listeners: [1]).count == 1)
    // Seeking back (the same play: no restart) and hearing it all again counts nothing more.
    #expect(tally.observe(at: 100, playing: Self.song(), listeners: [1]).isEmpty)
    #expect(tally.observe(at: 300, playing: Self.song(), listeners: [1]).isEmpty)
  }

  @Test func seekingForwardHearsNothing() {
    var tally = PlayTally()
    _ = tally.observe(at: 0, playing: Self.song(), listeners: [1])
    // A seek to 190 s after 10 s heard: still 90 s to hear, whatever the playhead says.
    _ = tally.observe(at: 10, playing: Self.song(), listeners: [1])
    #expect(tally.nextCount() == 100)
  }

  @Test func leavingAndComingBackKeepsWhatWasHeard() {
    var tally = PlayTally()
    _ = tally.observe(at: 0, playing: Self.song(), listeners: [1])
    _ = tally.observe(at: 60, playing: Self.song(), listeners: [])
    #expect(tally.nextCount() == nil)
    _ = tally.observe(at: 500, playing: Self.song(), listeners: [1])
    #expect(tally.nextCount() == 540)
    _ = tally.observe(at: 540, playing: Self.song(), listeners: [1])
    _ = tally.observe(at: 541, playing: Self.song(), listeners: [])
    #expect(tally.observe(at: 560, playing: Self.song(), listeners: [1]).isEmpty)
  }

  @Test func aNewPlayStartsFromNothing() {
    var tally = PlayTally()
    _ = tally.observe(at: 0, playing: Self.song(), listeners: [1])
    #expect(tally.observe(at: 100, playing: Self.song(), listeners: [1]).count == 1)
    // The same track again (repeat-one, a jump to it): a new play.
    #expect(tally.observe(at: 200, playing: Self.song(), listeners: [1], restart: true).isEmpty)
    #expect(tally.nextCount() == 300)
    #expect(tally.observe(at: 300, playing: Self.song(), listeners: [1]).count == 1)
    // Another track: heard time does not carry over.
    _ = tally.observe(at: 350, playing: Self.song("u", 300), listeners: [1])
    #expect(tally.nextCount() == 500)
  }

  @Test func shortTracksNeverCount() {
    var tally = PlayTally()
    _ = tally.observe(at: 0, playing: Self.song("short", 20), listeners: [1])
    #expect(tally.nextCount() == nil)
    #expect(tally.observe(at: 20, playing: Self.song("next", 20), listeners: [1]).isEmpty)
  }

  @Test func longTracksCountAfterFourMinutes() {
    var tally = PlayTally()
    _ = tally.observe(at: 0, playing: Self.song("long", 1_200), listeners: [7])
    #expect(tally.nextCount() == 240)
    #expect(tally.observe(at: 240, playing: Self.song("long", 1_200), listeners: [7]).count == 1)
  }

  @Test func aLateReportCountsTheTrackItHeard() {
    var tally = PlayTally()
    _ = tally.observe(at: 0, playing: Self.song("a", 200), listeners: [1])
    // The report comes after the track ended, with the next one playing: "a" counts, "b" starts.
    #expect(tally.observe(at: 205, playing: Self.song("b", 200), listeners: [1]) == [.init(userID: 1, trackID: "a")])
    #expect(tally.nextCount() == 305)
  }

  @Test func nothingPlayingCountsNothing() {
    var tally = PlayTally()
    #expect(tally.observe(at: 0, playing: nil, listeners: [1]).isEmpty)
    #expect(tally.nextCount() == nil)
    #expect(tally.observe(at: 500, playing: nil, listeners: [1]).isEmpty)
  }
}
