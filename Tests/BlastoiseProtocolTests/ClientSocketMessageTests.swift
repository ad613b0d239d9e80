import BlastoiseProtocol
import Foundation
import Testing

@Suite struct ClientSocketMessageTests {
  /// The seed's actions as its clients send them, then ours (`listening`, `voteSkip`).
  @Test func actionsAreSpelledAsTheSeedsClientsSendThem() {
    #expect(
      SocketAction.allCases.map(\.rawValue) == [
        "ping", "switch", "pause", "unpause", "seek", "jump", "listening", "voteSkip",
      ])
  }

  @Test func aMessageRoundTripsWithItsWireKeys() throws {
    let message = ClientSocketMessage(.switchRoom, roomID: "r2")
    let json = try WireSamples.serverJSON(message)
    #expect(json == #"{"action":"switch","channelId":"r2"}"#)
    let decoded = try WireSamples.decode(ClientSocketMessage.self, json)
    #expect(decoded == message && decoded.knownAction == .switchRoom)
  }

  @Test func anUnknownActionDecodesAndIsNamedAsSent() throws {
    let message = try WireSamples.decode(ClientSocketMessage.self, #"{"action":"dance"}"#)
    #expect(message.knownAction == nil && message.action == "dance")
  }
}
