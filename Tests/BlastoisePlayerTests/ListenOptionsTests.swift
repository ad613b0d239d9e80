import BlastoiseClient
import Testing

@testable import BlastoisePlayer

@Suite struct ListenOptionsTests {
  @Test func flagsAndTheirEnvironmentFallbacks() throws {
    let options = try ListenOptions.parse(
      ["http://h:3001", "--channel", "abc", "--user=ann", "--audio-output", "null", "--status-json"], environment: [:])
    #expect(
      options
        == ListenOptions(server: "http://h:3001", roomID: "abc", user: "ann", audioOutput: "null", statusJSON: true))
    let fromEnvironment = try ListenOptions.parse(
      ["http://h"], environment: ["BLASTOISE_USER": "bob", "BLASTOISE_AUDIO_OUTPUT": "pulse"])
    #expect(fromEnvironment.user == "bob")
    #expect(fromEnvironment.audioOutput == "pulse")
    #expect(try ListenOptions.parse(["http://h", "--user", "cy"], environment: ["BLASTOISE_USER": "bob"]).user == "cy")
  }

  /// A room's invite link from the web app names the server, the room and a private room's token;
  /// flags still win.
  @Test func anInviteLinkNamesTheRoomAndItsToken() throws {
    let link = try ListenOptions.parse(["http://h:3001/#/room/r%20one?invite=Zx9-_k"], environment: [:])
    #expect(link.server == "http://h:3001")
    #expect(link.roomID == "r one")
    #expect(link.invite == "Zx9-_k")
    let open = try ListenOptions.parse(["https://h/#/room/abc"], environment: [:])
    #expect(open.server == "https://h" && open.roomID == "abc" && open.invite == nil)
    let flagged = try ListenOptions.parse(
      ["http://h/#/room/abc?invite=old", "--invite", "new", "--channel", "xyz"], environment: [:])
    #expect(flagged.roomID == "xyz" && flagged.invite == "new")
    #expect(try ListenOptions.parse(["http://h:3001"], environment: [:]).invite == nil)
    #expect(InviteLink("http://h/#/shared/abc") == nil)
    #expect(InviteLink("http://h/#/room/") == nil)
    #expect(InviteLink("http://h/#/room/a/b") == nil)
  }

  @Test func anOutputDelayIsMilliseconds() throws {
    #expect(try ListenOptions.parse(["http://h", "--output-delay", "180"], environment: [:]).outputDelayMs == 180)
    #expect(try ListenOptions.parse(["http://h"], environment: ["BLASTOISE_OUTPUT_DELAY": "-20"]).outputDelayMs == -20)
    #expect(try ListenOptions.parse(["http://h"], environment: [:]).outputDelayMs == 0)
    for bad in ["soon", "5000", "-501", "nan"] {
      #expect(throws: CommandUsageError.self) {
        try ListenOptions.parse(["http://h", "--output-delay", bad], environment: [:])
      }
    }
  }

  @Test func levelingIsOnUnlessTurnedOff() throws {
    #expect(try ListenOptions.parse(["http://h"], environment: [:]).leveling == .track)
    #expect(try ListenOptions.parse(["http://h", "--leveling", "off"], environment: [:]).leveling == .off)
    #expect(try ListenOptions.parse(["http://h", "--leveling", "album"], environment: [:]).leveling == .album)
    #expect(try ListenOptions.parse(["http://h"], environment: ["BLASTOISE_LEVELING": "off"]).leveling == .off)
    #expect(throws: CommandUsageError.self) {
      try ListenOptions.parse(["http://h", "--leveling", "loud"], environment: [:])
    }
  }

  @Test func mistakesAreRefused() {
    #expect(throws: CommandUsageError.self) { try ListenOptions.parse([], environment: [:]) }
    #expect(throws: CommandUsageError.self) { try ListenOptions.parse(["http://h", "--user"], environment: [:]) }
    #expect(throws: CommandUsageError.self) { try ListenOptions.parse(["http://h", "--loud"], environment: [:]) }
    #expect(throws: CommandUsageError.self) { try ListenOptions.parse(["http://h", "http://i"], environment: [:]) }
  }

  @Test func theStatusLineShowsTrackTimeAndDrift() {
    #expect(StatusLine.clock(83.9) == "1:23")
    #expect(StatusLine.fit("abcdef", width: 4) == "abc…")
  }
}

@Suite struct MPVReadingTests {
  @Test func aLateStampedReadingIsRaisedToWhatTheLastOnesSay() {
    let earlier = [
      AudioPosition(seconds: 10.0, at: 100.0, rate: 1, playing: true),
      AudioPosition(seconds: 10.05, at: 100.05, rate: 1, playing: true),
    ]
    // Stamped 20 ms late: it claims 10.1 at 100.12.
    let late = AudioPosition(seconds: 10.1, at: 100.12, rate: 1, playing: true)
    #expect(abs(MPVAudioOutput.steadied(late, recent: earlier).seconds - 10.12) < 1e-9)
    // A timely one is left alone.
    let timely = AudioPosition(seconds: 10.1, at: 100.1, rate: 1, playing: true)
    #expect(MPVAudioOutput.steadied(timely, recent: earlier).seconds == 10.1)
    // A real stall of more than 50 ms is not hidden.
    let stalled = AudioPosition(seconds: 10.1, at: 100.2, rate: 1, playing: true)
    #expect(MPVAudioOutput.steadied(stalled, recent: earlier).seconds == 10.1)
  }
}
