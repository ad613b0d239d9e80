import BlastoiseCore
import Testing

@Suite struct ChatNoticeTests {
  @Test func aNoticeRoundTripsItsPayload() {
    for change in [ChatNotice.Change.added, .deleted] {
      let notice = ChatNotice(nodeID: "n1", roomID: "abc123def456", messageID: "0123456789ab", change: change)
      #expect(ChatNotice(payload: notice.payload) == notice)
    }
    #expect(ChatNotice(nodeID: "n1", roomID: "r", messageID: "m", change: .added).payload == "n1 r +m")
  }

  @Test func otherPayloadsAreNotOurs() {
    let long = String(repeating: "a", count: 65)
    for payload in ["", "n1 r m", "n1 r +", "n1  +m", "n1 r +m extra", "r:3", "n1 \(long) +m", "n1 r *m"] {
      #expect(ChatNotice(payload: payload) == nil, "\(payload)")
    }
  }
}
