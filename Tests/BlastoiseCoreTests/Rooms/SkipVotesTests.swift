import BlastoiseCore
import Testing

/// Vote to skip: more than half of the people listening now, one vote each, per entry.
@Suite struct SkipVotesTests {
  let first = SkipVotes.Entry(index: 0, trackID: "a")
  let second = SkipVotes.Entry(index: 1, trackID: "b")

  @Test func aMajorityOfThreeIsTwo() {
    var votes = SkipVotes()
    let listeners: Set = ["ana", "ben", "cat"]
    let passed1 = votes.vote(by: "ana", for: first, listeners: listeners)
    #expect(passed1 == false)
    let passed11 = votes.vote(by: "ben", for: first, listeners: listeners)
    #expect(passed11)
  }

  @Test func halfIsNotAMajority() {
    var votes = SkipVotes()
    let listeners: Set = ["ana", "ben", "cat", "dan"]
    let passed2 = votes.vote(by: "ana", for: first, listeners: listeners)
    #expect(passed2 == false)
    let passed3 = votes.vote(by: "ben", for: first, listeners: listeners)
    #expect(passed3 == false)
    let passed12 = votes.vote(by: "cat", for: first, listeners: listeners)
    #expect(passed12)
  }

  @Test func votingTwiceCountsOnce() {
    var votes = SkipVotes()
    let listeners: Set = ["ana", "ben", "cat"]
    let passed4 = votes.vote(by: "ana", for: first, listeners: listeners)
    #expect(passed4 == false)
    let passed5 = votes.vote(by: "ana", for: first, listeners: listeners)
    #expect(passed5 == false)
  }

  @Test func aNewEntryStartsFromNoVotes() {
    var votes = SkipVotes()
    let listeners: Set = ["ana", "ben", "cat"]
    _ = votes.vote(by: "ana", for: first, listeners: listeners)
    let passed6 = votes.vote(by: "ben", for: second, listeners: listeners)
    #expect(passed6 == false)
    #expect(votes.voters == ["ben"])
  }

  @Test func votersWhoLeftNoLongerCount() {
    var votes = SkipVotes()
    _ = votes.vote(by: "ana", for: first, listeners: ["ana", "ben", "cat"])
    let passed7 = votes.vote(by: "ben", for: first, listeners: ["ben", "cat", "dan"])
    #expect(passed7 == false)
    #expect(votes.passes(for: first, listeners: ["ben"], elsewhere: []))
  }

  @Test func resetForgetsTheVotes() {
    var votes = SkipVotes()
    _ = votes.vote(by: "ana", for: first, listeners: ["ana", "ben"])
    votes.reset()
    #expect(votes.voters.isEmpty)
    #expect(votes.passes(for: first, listeners: ["ana"], elsewhere: []) == false)
  }

  @Test func aLoneListenerSkipsAtOnce() {
    var votes = SkipVotes()
    let passed13 = votes.vote(by: "ana", for: first, listeners: ["ana"])
    #expect(passed13)
    #expect(votes.passes(for: first, listeners: [], elsewhere: []) == false)
  }
}
