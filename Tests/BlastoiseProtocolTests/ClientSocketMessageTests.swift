import BlastoiseProtocol
import Foundation
import Testing

@Suite struct ClientSocketMessageTests {
  /// The seed's actions as its clients send them, then ours (`listening`, `voteSkip`, chat).
  @Test func actionsAreSpelledAsTheSeedsClientsSendThem() {
    #expect(
      SocketAction.allCases.map(\.rawValue) == [
        "ping", "switch", "pause", "unpause", "seek", "jump", "listening", "voteSkip", "chat", "chat_delete",
        "sync_report", "remove_listener", "react",
      ])
  }

  @Test func aMessageRoundTripsWithItsWireKeys() throws {
    let message = ClientSocketMessage(.switchRoom, roomID: "r2")
    let json = try WireSamples.serverJSON(message)
    #expect(json == #"{"action":"switch","channelId":"r2"}"#)
    let decoded = try WireSamples.decode(ClientSocketMessage.self, json)
    #expect(decoded == message && decoded.knownAction == .switchRoom)
  }

  @Test func chatActionsCarryTheirTextAndMessageID() throws {
    let sent = try WireSamples.decode(ClientSocketMessage.self, #"{"action":"chat","text":"<i>hi</i>"}"#)
    #expect(sent.knownAction == .chat && sent.text == "<i>hi</i>")
    let gone = try WireSamples.decode(ClientSocketMessage.self, #"{"action":"chat_delete","messageId":"m1"}"#)
    #expect(gone.knownAction == .chatDelete && gone.messageID == "m1")
  }

  @Test func aSyncReportCarriesItsStateAndDrift() throws {
    let message = ClientSocketMessage(.syncReport, syncState: .inSync, driftMs: 2.5)
    let json = try WireSamples.serverJSON(message)
    #expect(json == #"{"action":"sync_report","driftMs":2.5,"state":"in-sync"}"#)
    #expect(try WireSamples.decode(ClientSocketMessage.self, json) == message)
  }

  @Test func anUnknownActionDecodesAndIsNamedAsSent() throws {
    let message = try WireSamples.decode(ClientSocketMessage.self, #"{"action":"dance"}"#)
    #expect(message.knownAction == nil && message.action == "dance")
  }
}
