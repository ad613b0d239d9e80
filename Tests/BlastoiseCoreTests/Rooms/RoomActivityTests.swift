import BlastoiseCore
import BlastoiseProtocol
import BlastoiseSync
import Testing

/// What listeners read for each change.
@Suite struct RoomActivityTests {
  @Test(arguments: [
    (RoomActivity.paused, "ana paused"),
    (.resumed, "ana resumed"),
    (.seeked(to: 65.9), "ana seeked to 1:05"),
    (.seeked(to: 3_600), "ana seeked to 60:00"),
    (.seeked(to: 1.2e168), "ana seeked to 60000:00"), (.seeked(to: -5), "ana seeked to 0:00"),
    (.jumped(to: 2), "ana jumped to track 3"),
    (.skipped, "ana skipped"),
    (.modeChanged(.shuffle), "ana set the mode to shuffle"),
    (.queueEdited(.add(Array(repeating: "x", count: 8), insertAt: nil)), "ana added 8 tracks"),
    (.queueEdited(.add(["x"], insertAt: 0)), "ana added 1 track"),
    (.queueEdited(.remove([1, 2])), "ana removed 2 tracks"),
    (.queueEdited(.move([4], to: 0)), "ana moved 1 track"),
    (.queueEdited(.set(["a", "b", "c"])), "ana replaced the queue with 3 tracks"),
    (.settingsChanged, "ana changed the room's settings"),
    (.removed("ben"), "ana removed ben from the room"),
    (.reacted("🔥", to: "Blue in Green"), "ana reacted 🔥 to Blue in Green"),
    (.reacted("👍", to: nil), "ana reacted 👍"),
  ])
  func messagesNameTheActor(activity: RoomActivity, expected: String) {
    #expect(activity.message(actor: "ana") == expected)
  }

  @Test func aSkipByVoteHasNoActor() {
    #expect(RoomActivity.skippedByVote.message(actor: nil) == "skipped by vote")
  }
}
