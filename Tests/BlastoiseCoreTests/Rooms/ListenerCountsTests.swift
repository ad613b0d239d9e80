import BlastoiseCore
import Testing

/// Listener counts across nodes, the pure half: the notice, what a node sends, and the other
/// nodes' counts with their expiry.
@Suite struct ListenerCountsTests {
  @Test func aNoticeTravelsAsNodeAndRoomCounts() throws {
    let notice = ListenerCountNotice(nodeID: "n1", counts: ["b": 0, "a": 12])
    #expect(notice.payloads == ["n1 a=12 b=0"])
    #expect(ListenerCountNotice(payload: "n1 a=12 b=0") == notice)
    #expect(ListenerCountNotice(payload: "n1") == ListenerCountNotice(nodeID: "n1", counts: [:]))
  }

  @Test(arguments: [
    "", "a=1", "n1 a", "n1 a=x", "n1 a=-1", "n1 =3", "n1 a=1=2", "n1 " + String(repeating: "r", count: 65) + "=1",
  ])
  func aPayloadThatIsNotOursIsIgnored(payload: String) {
    #expect(ListenerCountNotice(payload: payload) == nil)
  }

  @Test func manyRoomsGoInSeveralNoticesEachUnderPostgresLimit() throws {
    let counts = Dictionary(uniqueKeysWithValues: (0..<2000).map { (String(format: "%012x", $0), $0 % 7 + 1) })
    let payloads = ListenerCountNotice(nodeID: "n1", counts: counts).payloads
    #expect(payloads.count > 1)
    #expect(payloads.allSatisfy { $0.utf8.count < 8000 })
    var read: [String: Int] = [:]
    for payload in payloads {
      let notice = try #require(ListenerCountNotice(payload: payload))
      #expect(notice.nodeID == "n1")
      read.merge(notice.counts) { _, new in new }
    }
    #expect(read == counts)
  }

  @Test func aSenderSendsWhatChangedAndEverythingOnTheHeartbeat() {
    var sender = ListenerCountSender()
    var sent: [[String: Int]?] = []
    sent.append(sender.changes(["a": 2, "b": 1]))
    sent.append(sender.changes(["a": 2, "b": 1]))
    sent.append(sender.changes(["a": 3]))  // b left empty: said once
    sent.append(sender.changes(["a": 3, "c": 0]))
    sent.append(sender.all(["a": 3]))
    // A room emptied since the last send is still said on a heartbeat that comes first.
    sent.append(sender.all(["c": 1]))
    sent.append(sender.all([:]))
    sent.append(sender.all([:]))
    #expect(sent == [["a": 2, "b": 1], [:], ["a": 3, "b": 0], [:], ["a": 3], ["a": 0, "c": 1], ["c": 0], nil])
  }

  @Test func otherNodesCountsAreSummedAndExpireWithoutNotices() {
    var others = OtherNodesListeners()
    var changed: [Bool] = []
    changed.append(others.take(ListenerCountNotice(nodeID: "b", counts: ["r": 2]), at: 0))
    changed.append(others.take(ListenerCountNotice(nodeID: "c", counts: ["r": 3, "s": 1]), at: 10))
    changed.append(others.take(ListenerCountNotice(nodeID: "b", counts: ["r": 2]), at: 30))  // a heartbeat
    #expect(changed == [true, true, false])
    #expect(others.count(of: "r", at: 40) == 5)
    #expect(others.count(of: "s", at: 40) == 1)
    #expect(others.count(of: "t", at: 40) == 0)
    // c goes quiet (killed): its counts are gone 90 s after its last notice; b's heartbeat kept b's.
    let early = others.expire(at: 99)
    #expect(!early)
    #expect(others.count(of: "r", at: 100) == 2)
    let expired = others.expire(at: 100)
    #expect(expired)
    #expect(others.count(of: "s", at: 100) == 0)
    // A 0 drops a room at once.
    let emptied = others.take(ListenerCountNotice(nodeID: "b", counts: ["r": 0]), at: 101)
    #expect(emptied)
    #expect(others.count(of: "r", at: 101) == 0)
    let nothingLeft = others.expire(at: 500)
    #expect(!nothingLeft)
  }
}
