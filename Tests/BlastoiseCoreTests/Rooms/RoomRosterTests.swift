import BlastoiseCore
import BlastoiseProtocol
import Foundation
import Testing

/// A room's people across nodes: rosters as the other nodes send them, and votes to skip that
/// pass only with a majority of everyone in the room, wherever they are.
@Suite struct RoomRosterTests {
  let first = SkipVotes.Entry(index: 0, trackID: "a")
  let second = SkipVotes.Entry(index: 1, trackID: "b")

  func roster(_ people: [(String, Bool)], entry: SkipVotes.Entry? = nil) -> RoomRoster {
    RoomRoster(people: people.map { RoomRoster.Person(key: $0.0, name: $0.0, voted: $0.1) }, entry: entry)
  }

  @Test func aVoteHerePassesWithTheVotesOfAnotherNode() {
    var votes = SkipVotes()
    // ana here; ben and cat on another node, ben voted for the playing entry.
    let elsewhere = [roster([("ben", true), ("cat", false)], entry: first)]
    let passed1 = votes.vote(by: "ana", for: first, listeners: ["ana"], elsewhere: elsewhere)
    #expect(passed1)
  }

  @Test func aVoteHereIsNotAMajorityOfEveryNodesPeople() {
    var votes = SkipVotes()
    let elsewhere = [roster([("ben", false), ("cat", false)]), roster([("dan", false)])]
    let passed2 = votes.vote(by: "ana", for: first, listeners: ["ana"], elsewhere: elsewhere)
    #expect(passed2 == false)
    let passed3 = votes.vote(by: "eve", for: first, listeners: ["ana", "eve"], elsewhere: elsewhere)
    #expect(passed3 == false)
    // dan's node now says dan voted too: 3 of 5.
    let later = [roster([("ben", false), ("cat", false)]), roster([("dan", true)], entry: first)]
    #expect(votes.passes(for: first, listeners: ["ana", "eve"], elsewhere: later))
  }

  @Test func votesForAnotherEntryDoNotCount() {
    let votes = SkipVotes()
    let elsewhere = [roster([("ben", true), ("cat", true)], entry: second)]
    #expect(votes.passes(for: first, listeners: ["ana"], elsewhere: elsewhere) == false)
    #expect(votes.passes(for: second, listeners: ["ana"], elsewhere: elsewhere))
  }

  @Test func aPersonOnTwoNodesCountsOnce() {
    var votes = SkipVotes()
    // ana listens here and on another node (a phone and a laptop): alone, her vote passes.
    let passed4 = votes.vote(by: "ana", for: first, listeners: ["ana"], elsewhere: [roster([("ana", false)])])
    #expect(passed4)
  }

  @Test func peopleBeyondTheListedCountAsNumbers() {
    let many = (0..<40).map { (String(format: "p%02d", $0), $0 < 25) }
    let big = roster(many, entry: first)
    #expect(big.people.count == RoomRoster.listed)
    #expect(big.count == 40)
    #expect(big.votes == 25)
    // 25 of 41 pass; 25 of 51 do not.
    #expect(SkipVotes().passes(for: first, listeners: ["ana"], elsewhere: [big]))
    let crowd = Set((0..<11).map { "here\($0)" })
    #expect(SkipVotes().passes(for: first, listeners: crowd, elsewhere: [big]) == false)
  }

  @Test func aRosterWithoutVotesNamesNoEntry() {
    let quiet = roster([("ben", false)], entry: first)
    #expect(quiet.entry == nil)
    #expect(quiet.votes == 0)
  }

  @Test func rostersAreKeptPerNodeUntilTheyExpireOrEmpty() {
    var rosters = RoomRosters()
    let took1 = rosters.take(roster([("ben", false)]), from: "n2", at: 0)
    #expect(took1)
    let took2 = rosters.take(roster([("ben", false)]), from: "n2", at: 10)
    #expect(took2 == false)
    let took3 = rosters.take(roster([("cat", false)]), from: "n3", at: 20)
    #expect(took3)
    #expect(rosters.people(at: 20).map(\.name) == ["ben", "cat"])
    #expect(rosters.people(at: 100).map(\.name) == ["cat"])
    let took4 = rosters.take(roster([("ben", true)], entry: first), from: "n2", at: 100)
    #expect(took4)
    let took5 = rosters.take(roster([]), from: "n3", at: 101)
    #expect(took5)
    #expect(rosters.people(at: 101).map(\.name) == ["ben"])
    #expect(rosters.rosters(at: 200).isEmpty)
  }

  @Test func aPersonCarriesTheirSyncReport() throws {
    let person = RoomRoster.Person(
      key: "user:1", name: "ana", sync: ListenerSync(name: "ana", state: .buffering, driftMs: 12.5))
    #expect(person.sync == ListenerSync(name: "ana", state: .buffering, driftMs: 12.5))
    #expect(RoomRoster.Person(key: "user:2", name: "ben").sync == nil)
    let notice = RoomEventNotice(
      nodeID: "n1", roomID: "r1", event: .roster(RoomRoster(people: [person], entry: first)))
    let payload = try #require(notice.payload)
    #expect(RoomEventNotice(payload: payload) == notice)
  }

  @Test func aFullRosterOfLongNamesFitsOneNotice() throws {
    let name = String(repeating: "é", count: 32)
    let people = (0..<200).map {
      RoomRoster.Person(
        key: "guest:" + String(repeating: "x", count: 40) + "\($0)", name: name,
        sync: ListenerSync(name: name, state: .waiting, driftMs: -123.456789), voted: true)
    }
    let notice = RoomEventNotice(
      nodeID: "node-1", roomID: "r1", event: .roster(RoomRoster(people: people, entry: first)))
    #expect(notice.payload != nil)
  }
}
