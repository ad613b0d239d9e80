import BlastoiseBridge
import Testing

/// Lock-screen, headphone and car buttons: to the player, the room or the page.
@Suite struct RemoteIntentTests {
  func local(_ command: RemoteCommand, playing: Bool = true, at position: Double = 60) -> RemoteIntent {
    RemoteIntent.of(command, playing: playing, position: position, duration: 300, inSession: false, canControl: false)
  }

  func room(_ command: RemoteCommand, playing: Bool = true, canControl: Bool = true) -> RemoteIntent {
    RemoteIntent.of(command, playing: playing, position: 60, duration: 300, inSession: true, canControl: canControl)
  }

  @Test func playingAloneTheButtonsDriveThePlayerAndThePageHasNextAndPrevious() {
    #expect(local(.play) == .player(.play))
    #expect(local(.pause) == .player(.pause))
    #expect(local(.toggle, playing: true) == .player(.pause))
    #expect(local(.toggle, playing: false) == .player(.play))
    #expect(local(.skip(RemoteCommand.skipSeconds)) == .player(.seek(to: 75)))
    #expect(local(.skip(-RemoteCommand.skipSeconds), at: 10) == .player(.seek(to: 0)))
    #expect(local(.skip(30), at: 290) == .player(.seek(to: 299.5)))
    #expect(local(.scrub(to: 120)) == .player(.seek(to: 120)))
    #expect(local(.next) == .page("next"))
    #expect(local(.previous) == .page("previous"))
  }

  @Test func inARoomOrACarsListTheyAreTheSessionsActions() {
    #expect(room(.toggle, playing: true) == .session(.pause))
    #expect(room(.play) == .session(.resume))
    #expect(room(.next) == .session(.next))
    #expect(room(.previous) == .session(.previous))
    #expect(room(.skip(-15)) == .session(.seek(45)))
    #expect(room(.scrub(to: 500)) == .session(.seek(299.5)))
  }

  @Test func someoneWhoMayNotControlTheRoomChangesNothing() {
    for command in [RemoteCommand.play, .pause, .toggle, .next, .previous, .skip(15), .scrub(to: 3)] {
      #expect(room(command, canControl: false) == .nothing, "\(command)")
    }
  }
}
