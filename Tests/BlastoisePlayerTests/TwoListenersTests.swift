import BlastoiseClient
import BlastoiseProtocol
import BlastoiseTestSupport
import Foundation
import Testing

/// End to end: the real server process and two `blastoise listen --audio-output null` processes
/// (libmpv) in one room. Positions come from the players' `--status-json` readings (mpv's
/// time-pos, stamped with the wall clock) and are checked against the server's own clock.
///
/// The bounds are loose on purpose (50 ms median, where a player that kept to the room's clock
/// is within a few milliseconds on an idle machine): they must hold with the machine busy. The
/// precise numbers are bench/sync's. Three processes of their own: these run one at a time and
/// not alongside the other heavy tests (`.exclusive`).
@Suite(.serialized, .exclusive) struct TwoListenersTests {
  static let password = "password123"

  static func player(_ server: ServerProcess, _ name: String) throws -> ChildProcess {
    try ChildProcess(
      ["listen", server.base, "--user", name, "--audio-output", "null", "--status-json"],
      environment: ["BLASTOISE_PASSWORD": password])
  }

  /// Each sample's error against the server's clock: the room was at `ts` at `serverTime`.
  static func errors(
    _ player: ChildProcess, since wall: Double, until end: Double = .infinity, track: String? = nil
  ) -> [Double] {
    samples(player, since: wall, until: end, track: track).map(\.error)
  }

  static func samples(
    _ player: ChildProcess, since wall: Double, until end: Double = .infinity, track: String? = nil
  ) -> [(wall: Double, error: Double)] {
    player.jsonLines.compactMap { line in
      guard line["type"] as? String == "sample", let at = line["wall"] as? Double, at >= wall, at < end,
        track == nil || line["track"] as? String == track, let position = line["pos"] as? Double,
        let timestamp = line["ts"] as? Double, let serverTime = line["serverTime"] as? Double
      else { return nil }
      return (at, position - (timestamp + (at - serverTime) / 1000))
    }
  }

  static func lastStatus(_ player: ChildProcess) -> [String: Any]? {
    player.jsonLines.last { $0["type"] as? String == "status" }
  }

  static func now() -> Double { Date().timeIntervalSince1970 * 1000 }

  @Test func twoPlayersPlayInStepAndFollowPauseAndJump() async throws {
    let server = try await ServerProcess()
    let owner = try BlastoiseAPI(baseURL: server.base)
    try await owner.signUp(username: "owner", password: Self.password)
    try await BlastoiseAPI(baseURL: server.base).signUp(username: "friend", password: Self.password)
    var room: RoomInfo?
    try await eventually("the demo library in the default room") {
      room = try await owner.rooms().first { $0.isDefault && $0.trackCount > 0 }
      return room != nil
    }
    let roomID = try #require(room).id
    // Start near the beginning of a track, so no boundary passes during the checks.
    try await owner.seek(room: roomID, to: 1)
    let players = try [Self.player(server, "owner"), Self.player(server, "friend")]

    try await eventually("both players playing") {
      players.allSatisfy { $0.jsonLines.contains { $0["event"] as? String == "playing" } }
    }
    for player in players {
      let joined = try #require(player.jsonLines.first { $0["event"] as? String == "playing" })
      // How long join → playing takes is bench/sync's number; here: it is reported.
      #expect((joined["joinMs"] as? Double).map { $0 >= 0 } == true, "join → playing: \(joined)")
    }
    try await Task.sleep(for: .seconds(3))
    let playing = try await owner.room(roomID)
    let track = try #require(playing.track?.id)
    let since = Self.now() - 2000
    for player in players {
      let errors = Self.errors(player, since: since, until: since + 2000)
      #expect(errors.count >= 10, "too few readings: \(player.errorText)")
      #expect(
        Self.errors(player, since: since, until: since + 2000, track: track).count == errors.count,
        "a player is on another track")
      // In step with the server's clock (how closely, and how steadily, is bench/sync's number).
      #expect(errors.contains { abs($0) < 0.05 }, "never in step: \(errors)")
    }
    // The two players against each other, reading by reading.
    let other = Self.samples(players[1], since: since)
    let skews = Self.samples(players[0], since: since).compactMap { sample in
      other.min { abs($0.wall - sample.wall) < abs($1.wall - sample.wall) }
        .flatMap { abs($0.wall - sample.wall) < 60 ? sample.error - $0.error : nil }
    }
    #expect(skews.contains { abs($0) < 0.05 }, "never in step with each other: \(skews)")

    // Pause through the client's room socket.
    let control = RoomSocket(api: owner, roomID: roomID)
    await control.start()
    var queue: [Track] = []
    for await event in control.events {
      if case .state(let state, _) = event {
        queue = state.queue ?? []
        break
      }
    }
    try await control.send(.pause)
    try await eventually("both players paused") {
      players.allSatisfy {
        Self.lastStatus($0)?["paused"] as? Bool == true && Self.lastStatus($0)?["playing"] as? Bool == false
      }
    }
    let paused = try await owner.room(roomID)
    #expect(paused.paused)
    try await Task.sleep(for: .milliseconds(400))
    for player in players {
      let held = try #require(Self.lastStatus(player)?["pos"] as? Double)
      #expect(abs(held - paused.currentTimestamp) < 0.05, "held at \(held), room at \(paused.currentTimestamp)")
    }

    try await control.send(.unpause)
    try await eventually("both players playing again") {
      players.allSatisfy { Self.lastStatus($0)?["playing"] as? Bool == true }
    }

    // Jump through the HTTP API.
    #expect(queue.count == 4)
    try await owner.jump(room: roomID, to: 2)
    try await eventually("both players on the third entry") {
      players.allSatisfy {
        Self.lastStatus($0)?["track"] as? String == queue[2].id && Self.lastStatus($0)?["playing"] as? Bool == true
      }
    }
    try await Task.sleep(for: .seconds(2))
    let afterJump = Self.now() - 1500
    for player in players {
      let errors = Self.errors(player, since: afterJump, track: queue[2].id)
      #expect(errors.count >= 8)
      #expect(errors.contains { abs($0) < 0.05 }, "never in step after the jump: \(errors)")
    }

    await control.stop()
    for player in players { player.signal(SIGINT) }
    for player in players { #expect(try await player.exitStatus() == 0, "\(player.errorText)") }
    #expect(try await server.stop() == 0)
  }

  @Test func usageMistakesAndRefusedSignInsExitWithAReason() async throws {
    let missing = try ChildProcess(["listen"])
    #expect(try await missing.exitStatus() == 2)
    #expect(missing.errorText.contains("needs the server's URL"))

    let unknown = try ChildProcess(["listen", "http://127.0.0.1:9", "--volume", "3"])
    #expect(try await unknown.exitStatus() == 2)
    #expect(unknown.errorText.contains("--volume"))

    let server = try await ServerProcess()
    try await BlastoiseAPI(baseURL: server.base).signUp(username: "owner", password: Self.password)
    let wrong = try ChildProcess(
      ["listen", server.base, "--user", "owner", "--audio-output", "null"], environment: ["BLASTOISE_PASSWORD": "nope"])
    #expect(try await wrong.exitStatus() == 1)
    #expect(wrong.errorText.contains("cannot sign in as owner"))

    // The password may also come on standard input.
    let piped = try ChildProcess(
      ["listen", server.base, "--user", "owner", "--audio-output", "null", "--status-json"],
      stdin: Data("\(Self.password)\n".utf8))
    try await eventually("playing with a piped password") {
      piped.jsonLines.contains { $0["event"] as? String == "playing" }
    }
    piped.signal(SIGTERM)
    #expect(try await piped.exitStatus() == 0)
    #expect(try await server.stop() == 0)
  }

  @Test func aListenerKickedByAnotherSessionQuitsWithTheReason() async throws {
    let server = try await ServerProcess()
    let laptop = try BlastoiseAPI(baseURL: server.base)
    try await laptop.signUp(username: "owner", password: Self.password)
    let player = try Self.player(server, "owner")
    try await eventually("playing") { player.jsonLines.contains { $0["event"] as? String == "playing" } }
    #expect(try await laptop.kickOthers() == 1)
    #expect(try await player.exitStatus() == 1)
    #expect(player.errorText.contains("disconnected"))
    #expect(try await server.stop() == 0)
  }
}
