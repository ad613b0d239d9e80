import BlastoiseCore
import Testing

@Suite struct RoomEventNoticeTests {
  @Test func activityAndRemovalsRoundTripTheirPayloads() throws {
    let events: [RoomEventNotice.Event] = [
      .activity(actor: "ana", message: "ana paused"),
      .activity(actor: nil, message: "skipped by vote"),
      .activity(actor: "zoë \"z\" <b>", message: "zoë \"z\" <b> added 8 tracks\nand more"),
      .removed(people: ["user:7", "guest:abc"], by: "ana"),
    ]
    for event in events {
      let notice = RoomEventNotice(nodeID: "n1", roomID: "abc123def456", event: event)
      let payload = try #require(notice.payload)
      #expect(RoomEventNotice(payload: payload) == notice)
    }
  }

  @Test func aNoticeTooLongForNotifyIsNotSent() {
    let long = String(repeating: "a", count: 8000)
    #expect(RoomEventNotice(nodeID: "n1", roomID: "r", event: .activity(actor: long, message: long)).payload == nil)
  }

  @Test func otherPayloadsAreNotOurs() {
    let payloads = [
      "", "r:3", "n1 r +m", "{}", #"{"nodeID":"n1","roomID":"r"}"#,
      #"{"nodeID":"","roomID":"r","event":{"activity":{"message":"x"}}}"#,
      #"{"nodeID":"n1","roomID":"r","event":{"shouted":{"message":"x"}}}"#,
      #"{"nodeID":"n1","roomID":"r","event":{"removed":{"people":"user:1","by":"ana"}}}"#,
    ]
    for payload in payloads {
      #expect(RoomEventNotice(payload: payload) == nil, "\(payload)")
    }
  }
}
