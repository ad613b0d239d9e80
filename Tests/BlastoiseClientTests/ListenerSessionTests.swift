import BlastoiseProtocol
import BlastoiseSync
import Foundation
import Testing

@testable import BlastoiseClient

/// ListenerSession against the real server with a fake player: it loads the room's track with
/// the cookie, starts at the server's position, and follows pause, resume and jump.
///
/// The position checks allow `tolerance` plus the error bound the session itself reports for
/// its clock (half the round trip of the ping it trusts): the server runs in this process and
/// shares its (2-thread) concurrency pool with every test running in parallel — and the machine
/// may be busy with more — so a clock ping can be answered late by a good part of a second, and
/// the session knows it. The room is moved well away from the start first, so the checks still
/// show the player took the server's position. Precision is measured where the server is a
/// process of its own (bench/sync).
@Suite struct ListenerSessionTests {
  static let tolerance = 0.5

  /// Where the room is by the server's clock (same machine, same wall clock) and where the
  /// player is, both at the moment the room's answer came, and how far apart they may be.
  static func positions(
    _ api: BlastoiseAPI, _ room: String, _ output: FakeAudioOutput, _ session: ListenerSession
  ) async throws -> (track: String?, room: Double, player: Double, allowed: Double) {
    let state = try await api.room(room)
    let player = output.now
    let elapsed = state.paused ? 0 : Date().timeIntervalSince1970 - Double(state.serverTime) / 1000
    let uncertainty = await session.snapshot.clockUncertainty ?? 0
    return (state.track?.id, state.currentTimestamp + elapsed, player, tolerance + uncertainty)
  }

  /// Waits until the player is where the room is (within `allowed`). A moment after a change
  /// the player may still be correcting — the more so on a busy machine, where the change and
  /// the session's clock pings arrive late — so this waits for the session to get there (60 s
  /// hang guard) rather than sampling once after a fixed sleep.
  static func inStep(
    _ api: BlastoiseAPI, _ room: String, _ output: FakeAudioOutput, _ session: ListenerSession, _ when: String
  ) async throws {
    try await eventually("the player in step with the room \(when)") {
      let now = try await positions(api, room, output, session)
      return abs(now.player - now.room) < now.allowed
    }
  }

  static func roomPosition(_ api: BlastoiseAPI, _ room: String) async throws -> (track: String?, seconds: Double) {
    let state = try await api.room(room)
    let elapsed = state.paused ? 0 : Date().timeIntervalSince1970 - Double(state.serverTime) / 1000
    return (state.track?.id, state.currentTimestamp + elapsed)
  }

  /// The owner's session, joined to the owner's room and playing.
  static func playingSession(on server: ClientTestServer) async throws -> (
    api: BlastoiseAPI, room: RoomInfo, output: FakeAudioOutput, session: ListenerSession
  ) {
    let (api, room) = try await server.signedIn("owner")
    let output = FakeAudioOutput()
    let session = ListenerSession(api: api, output: output)
    try await session.join()
    try await eventually("playing") { output.isPlaying }
    return (api, room, output, session)
  }

  @Test func joiningPlaysTheRoomsTrackAtTheServersPosition() async throws {
    let server = try await ClientTestServer()
    let (api, room) = try await server.signedIn("owner")
    try await api.seek(room: room.id, to: 8)  // far from where a player starting at 0 would be
    let output = FakeAudioOutput()
    let session = ListenerSession(api: api, output: output)
    let joined = try await session.join()
    #expect(joined.id == room.id)
    try await eventually("playing") { output.isPlaying }
    let load = try #require(output.loads.first)
    let now = try await Self.positions(api, room.id, output, session)
    #expect(load.url == api.trackURL(try #require(now.track)))
    #expect(load.headers["Cookie"]?.contains("blastoise_session=") == true)
    #expect(abs(now.player - now.room) < now.allowed, "player \(now.player), room \(now.room)")
    let snapshot = await session.snapshot
    #expect(snapshot.canControl)
    #expect(snapshot.joinToPlaying != nil)
    #expect(snapshot.queue.count == 4)
    await session.stop()
    await server.stop()
  }

  /// A speaker 2 s late — told as the output delay, or said by the platform (iOS: the route's
  /// `outputLatency`) — the player keeps 2 s ahead of the room, so what comes out is where the
  /// room is. (2 s: well past the checks' allowance on a busy machine.)
  @Test(arguments: ["told by the listener", "said by the platform"])
  func anOutputDelayKeepsThePlayerThatMuchAhead(_ source: String) async throws {
    let server = try await ClientTestServer()
    let (api, room) = try await server.signedIn("owner")
    try await api.seek(room: room.id, to: 5)
    let output = FakeAudioOutput()
    var configuration = ListenerSession.Configuration()
    if source == "told by the listener" {
      configuration.outputDelay = 2
    } else {
      output.state.withLock { $0.outputLatency = 2 }
    }
    let session = ListenerSession(api: api, output: output, configuration: configuration)
    try await session.join()
    try await eventually("the player 2 s ahead of the room") {
      let now = try await Self.positions(api, room.id, output, session)
      return abs(now.player - now.room - 2) < now.allowed
    }
    await session.stop()
    await server.stop()
  }

  /// The owner's session with a player that parks in `parkingTime`, joined to the owner's room
  /// (moved to 8 s) and playing. A parking goes unanswered for `patience` before the session
  /// seeks as it plays (a minute: on a busy machine the fake's answers come late), and parkings
  /// are worth making however long they were seen to take (under a full suite's load the fake's
  /// 30 ms ones took over 0.6 s, and the session rightly gave up parking).
  static func parkingSession(on server: ClientTestServer, parkingTime: Double, patience: Double = 60) async throws
    -> (api: BlastoiseAPI, room: RoomInfo, output: FakeAudioOutput, session: ListenerSession)
  {
    let (api, room) = try await server.signedIn("owner")
    try await api.seek(room: room.id, to: 8)
    let output = FakeAudioOutput()
    output.state.withLock { $0.parkingTime = parkingTime }
    var configuration = ListenerSession.Configuration()
    configuration.parkingPatience = patience
    configuration.longestParking = .infinity
    let session = ListenerSession(api: api, output: output, configuration: configuration)
    try await session.join()
    try await eventually("playing") { output.isPlaying }
    return (api, room, output, session)
  }

  /// A player that parks (mpv) is not told to play and seek at once (it would land behind and
  /// catch up by ear): it seeks while paused, ahead of the room, and plays when the room gets
  /// there, from where it parked. So it starts, and so it follows the room's seek (it stops,
  /// parks and plays again; a seek while playing has no play).
  @Test func aParkingPlayerPlaysOnlyFromWhereItParked() async throws {
    let server = try await ClientTestServer()
    let (api, room, output, session) = try await Self.parkingSession(on: server, parkingTime: 0.03)
    let start = try #require(output.plays.first)
    #expect(start.fromParked, "it plays from where it said it was parked")
    try await Self.inStep(api, room.id, output, session, "after the start")

    let before = output.plays.count
    try await api.seek(room: room.id, to: 1)
    try await eventually("playing again from near the room's new place, rather than seeking as it played") {
      output.plays.dropFirst(before).contains { $0.position < 10 }
    }
    // (Plays near a track's end, should the room get there meanwhile, seek as they play.)
    let after = output.plays.dropFirst(before).filter { $0.position < 10 }
    #expect(after.allSatisfy { $0.fromParked }, "\(after)")
    try await Self.inStep(api, room.id, output, session, "after the room's seek")
    await session.stop()
    await server.stop()
  }

  /// A parking the output never answers gives way to seeking while playing.
  @Test func aParkingNeverAnsweredGivesWayToSeekingWhilePlaying() async throws {
    let server = try await ClientTestServer()
    let (api, room, output, session) = try await Self.parkingSession(on: server, parkingTime: 30, patience: 1)
    let start = try #require(output.plays.first)
    #expect(!start.fromParked && start.seeks >= 2, "parked, then sought again and played")
    try await Self.inStep(api, room.id, output, session, "after the start")
    await session.stop()
    await server.stop()
  }

  /// A parking slower than the session expected ends after the room passed the position: the
  /// session parks again further ahead, by what it learned, and plays from there.
  @Test func aLateParkingIsMadeAgainFurtherAhead() async throws {
    let server = try await ClientTestServer()
    // The session's first guess: 0.1 s.
    let (api, room, output, session) = try await Self.parkingSession(on: server, parkingTime: 0.4)
    let start = try #require(output.plays.first)
    #expect(start.fromParked && start.seeks >= 2, "parked again before playing")
    #expect(await session.parkingTime >= 0.4)
    try await Self.inStep(api, room.id, output, session, "after the start")
    await session.stop()
    await server.stop()
  }

  @Test func theSessionTellsTheRoomHowItStands() async throws {
    let server = try await ClientTestServer()
    let (api, room, _, session) = try await Self.playingSession(on: server)
    try await eventually("the report in the room's state") {
      try await api.room(room.id).listenerSync?.contains { $0.name == "owner" && $0.state == .inSync } == true
    }
    await session.stop()
    await server.stop()
  }

  @Test func pauseResumeAndJumpFromAnotherListenerAreFollowed() async throws {
    let server = try await ClientTestServer()
    let (api, room, output, session) = try await Self.playingSession(on: server)
    let (remote, _) = try await server.signedIn("remote")

    let control = RoomSocket(api: remote, roomID: room.id)
    let log = EventLog(control)
    await control.start()
    _ = try await log.next { $0.state }
    try await control.send(.pause)
    // The room paused and the player with it (not a player between two tracks: a busy machine
    // can take a whole track to get here).
    try await eventually("paused") { try await api.room(room.id).paused && !output.isPlaying }
    let paused = try await api.room(room.id)
    #expect(paused.paused)
    #expect(abs(output.now - paused.currentTimestamp) < 0.003, "held at \(output.now), room \(paused.currentTimestamp)")

    try await control.send(.unpause)
    try await eventually("resumed") { output.isPlaying }
    try await Self.inStep(api, room.id, output, session, "after the resume")

    let queue = await session.snapshot.queue
    try await remote.jump(room: room.id, to: 2)
    try await eventually("jumped") { output.file == api.trackURL(queue[2].id) && output.isPlaying }
    try await Self.inStep(api, room.id, output, session, "after the jump")
    #expect(try await api.room(room.id).track?.id == queue[2].id)
    #expect(await session.snapshot.currentIndex == 2)
    await control.stop()
    await session.stop()
    await server.stop()
  }

  /// A jump starts its track a moment ahead (here 5 s, so that a busy machine still tells the
  /// player in time): the playing track plays on to that instant, cut there, and the output goes
  /// straight on to the new one, preloaded behind it — no load, no silence.
  @Test func aJumpIsHeardOnItsInstantWithoutALoad() async throws {
    let server = try await ClientTestServer(jumpLead: 5)
    let (api, room, output, session) = try await Self.playingSession(on: server)
    try await Self.inStep(api, room.id, output, session, "before the jump")
    // Without a clock estimate a state counts as true on arrival: nothing to cut by.
    try await eventually("the server's clock estimated") { await session.snapshot.clockUncertainty != nil }
    let queue = await session.snapshot.queue
    let playing = try await api.room(room.id).currentIndex
    let index = (playing + 2) % queue.count  // not the next one: that one is preloaded already
    let loads = output.loads.count
    try await api.jump(room: room.id, to: index)
    // When the new track starts: a state read before then says 0 s at that instant, one read
    // after it how far in the track is now (the track lasts 18 s or more).
    let jumped = try await api.room(room.id)
    #expect(jumped.track?.id == queue[index].id)
    let startsAt = Double(jumped.serverTime) / 1000 - jumped.currentTimestamp
    try await eventually("cut and preloaded") {
      output.cuts.last?.seconds != nil && output.preloads.last == api.trackURL(queue[index].id)
    }
    // The cut is where the playing track will be when the room's new track starts.
    let told = try #require(output.cuts.last)
    let cut = try #require(told.seconds)
    let expected = told.position + startsAt - told.wallTime
    let allowed = Self.tolerance + (await session.snapshot.clockUncertainty ?? 0)
    #expect(abs(cut - expected) < allowed, "cut at \(cut), the room's jump at \(expected)")
    try await eventually("went on to it at the cut") { output.file == api.trackURL(queue[index].id) }
    #expect(output.loads.count == loads, "the jump's track was never loaded: the output went on to it")
    try await Self.inStep(api, room.id, output, session, "after the jump")
    await session.stop()
    await server.stop()
  }

  @Test func repeatOneStartsTheSameTrackOverInStep() async throws {
    let server = try await ClientTestServer()
    let (api, room, output, session) = try await Self.playingSession(on: server)
    try await api.setMode(room: room.id, .repeatOne)
    let duration = try #require(try await api.room(room.id).track?.duration)
    try await api.seek(room: room.id, to: duration - 0.4)
    // The room starts the track over (same track, same seq); the player must follow.
    try await Task.sleep(for: .milliseconds(1200))
    let now = try await Self.positions(api, room.id, output, session)
    // Started over: back near the beginning, not at the end (however long the wait took, well
    // under the 18 s the shortest demo track lasts).
    #expect(now.room < duration - 0.4)
    try await Self.inStep(api, room.id, output, session, "after the start over")
    #expect(output.loads.count == 1)
    await session.stop()
    await server.stop()
  }

  /// The room's next track waits in the player; at the end of its file the player goes straight
  /// on to it (as mpv does, a little before the room's clock gets there), and when the room says
  /// it moved on, the track already plays: no load, no silence, just the drift to take up. (The
  /// room's states are held back while the player goes on: `HeldStatesTransport`.)
  @Test func theNextTrackIsPreloadedAndPlayedWithoutALoad() async throws {
    let server = try await ClientTestServer()
    let (api, room) = try await server.signedIn("owner")
    let output = FakeAudioOutput()
    let transport = HeldStatesTransport()
    let session = ListenerSession(api: api, output: output, transport: transport)
    try await session.join()
    try await eventually("playing") { output.isPlaying }
    let queue = await session.snapshot.queue
    let first = try #require(try await api.room(room.id).track)
    let index = try #require(queue.firstIndex { $0.id == first.id })
    let next = queue[(index + 1) % queue.count]  // the room repeats its queue
    try await eventually("the next track preloaded") { output.preloads.last == api.trackURL(next.id) }

    // The room stands paused near the end of its track, the player with it. From then on the
    // session hears nothing from the room until the test says: the player goes on to the next
    // track by itself, then the room plays its last 0.9 s and moves on. So the order is a real
    // boundary's — player first, room after — however busy the machine.
    await session.togglePause()
    try await eventually("paused") { try await api.room(room.id).paused && !output.isPlaying }
    try await api.seek(room: room.id, to: first.duration - 0.9)
    try await eventually("held near the end") { abs(output.now - (first.duration - 0.9)) < 0.05 }
    transport.hold()
    let before = output.loads.count
    output.advance()
    await session.togglePause()
    try await eventually("the room on its next track") { try await api.room(room.id).track?.id == next.id }
    transport.release()
    try await eventually("the session on the next track") { await session.snapshot.track?.id == next.id }
    try await Self.inStep(api, room.id, output, session, "after the track change")
    #expect(output.loads.count == before, "the next track was never loaded: it was already playing")
    let after = queue[(index + 2) % queue.count]
    try await eventually("the one after preloaded") { output.preloads.last == api.trackURL(after.id) }
    await session.stop()
    await server.stop()
  }

  @Test func controlsGoThroughTheRoom() async throws {
    let server = try await ClientTestServer()
    let (api, room, _, session) = try await Self.playingSession(on: server)
    await session.togglePause()
    try await eventually("paused by the room") { try await api.room(room.id).paused }
    try await eventually("the session saw the pause") { await session.snapshot.paused }
    await session.togglePause()
    try await eventually("playing again") { try await !api.room(room.id).paused }
    await session.next()
    try await eventually("next") { try await api.room(room.id).currentIndex == 1 }
    try await eventually("the session saw it") { await session.snapshot.currentIndex == 1 }
    await session.previous()
    try await eventually("previous") { try await api.room(room.id).currentIndex == 0 }
    await session.cycleMode()  // repeat-all → repeat-one
    try await eventually("mode") { try await api.room(room.id).playbackMode == "repeat-one" }
    // Paused, the room stands still at the sought position, however late a busy machine looks.
    await session.togglePause()
    try await eventually("paused again") { try await api.room(room.id).paused }
    await session.seek(to: 10)
    try await eventually("seek") { try await abs(Self.roomPosition(api, room.id).seconds - 10) < 0.01 }
    await session.stop()
    await server.stop()
  }

  @Test func aGuestListensButCannotControl() async throws {
    let server = try await ClientTestServer(guests: true)
    let (owner, room) = try await server.signedIn("owner")
    let guestAPI = server.api()
    let output = FakeAudioOutput()
    let session = ListenerSession(api: guestAPI, output: output)
    try await session.join()
    try await eventually("playing") { output.isPlaying }
    #expect(await session.snapshot.canControl == false)
    #expect(await session.snapshot.user?.isGuest == true)
    await session.togglePause()
    try await Task.sleep(for: .milliseconds(200))
    #expect(try await owner.room(room.id).paused == false)
    await session.stop()
    await server.stop()
  }

  /// A private room is not listed for ann: she joins it with its token (as from its invite link),
  /// and without it is told there is no such room.
  @Test func aPrivateRoomIsJoinedWithItsInviteToken() async throws {
    let server = try await ClientTestServer()
    let (owner, main) = try await server.signedIn("owner")
    let track = try #require(try await owner.room(main.id).track)
    let room = try await owner.createRoom(name: "Private")
    try await owner.editQueue(room: room.id, .set([track.id]))
    #expect(try await owner.setPrivate(room: room.id, true).isPrivate == true)
    let token = try #require(try await owner.room(room.id).inviteToken)
    let (ann, _) = try await server.signedIn("ann")
    #expect(try await ann.rooms().contains { $0.id == room.id } == false)
    let output = FakeAudioOutput()
    let session = ListenerSession(api: ann, output: output)
    await #expect(throws: BlastoiseClientError.self) { try await session.join(roomID: room.id) }
    await #expect(throws: BlastoiseClientError.self) { try await session.join(roomID: room.id, invite: "wrong") }
    let joined = try await session.join(roomID: room.id, invite: token)
    #expect(joined.id == room.id && joined.isPrivate == true)
    try await eventually("playing the private room") { output.isPlaying }
    #expect(await session.snapshot.roomID == room.id)
    #expect(output.loads.last?.url.absoluteString.contains(String(track.id.suffix(64))) == true)
    await session.stop()
    await server.stop()
  }

  @Test func libraryModePlaysTheLocalListByItsMode() async throws {
    let api = BlastoiseAPI(baseURL: URL(string: "http://127.0.0.1:9")!)
    let tracks = (0..<3).map { Track(id: "sha256:\($0)", filename: "\($0).mp3", title: "T\($0)", duration: 10) }
    let output = FakeAudioOutput()
    let session = ListenerSession(api: api, output: output)
    await session.playLibrary(tracks, startAt: 0, mode: .once)
    try await eventually("first") { output.isPlaying && output.loads.count == 1 }
    output.end()
    try await eventually("second") { output.loads.last?.url == api.trackURL("sha256:1") && output.isPlaying }
    await session.next()
    try await eventually("third") { output.loads.last?.url == api.trackURL("sha256:2") }
    output.end()
    try await Task.sleep(for: .milliseconds(100))
    #expect(output.loads.count == 3)  // once: the last one ended, nothing follows
    await session.previous()
    try await eventually("back") { output.loads.last?.url == api.trackURL("sha256:1") && output.isPlaying }
    await session.setMode(.repeatOne)
    output.end()
    try await eventually("replay") { output.seeks.last == 0 && output.isPlaying }
    #expect(output.loads.count == 4)
    await session.togglePause()
    #expect(!output.isPlaying)
    #expect(await session.snapshot.sourceMode == .library)
    await session.stop()
  }
}

@Suite struct LocalQueueTests {
  let tracks = (0..<4).map { Track(id: "t\($0)", filename: "", title: "", duration: 1) }

  @Test func whatFollowsTheEndDependsOnTheMode() {
    var random = SystemRandomNumberGenerator()
    #expect(LocalQueue(tracks: tracks, index: 1, mode: .once).afterEnd(using: &random) == .play(2))
    #expect(LocalQueue(tracks: tracks, index: 3, mode: .once).afterEnd(using: &random) == .stop)
    #expect(LocalQueue(tracks: tracks, index: 3, mode: .repeatAll).afterEnd(using: &random) == .play(0))
    #expect(LocalQueue(tracks: tracks, index: 2, mode: .repeatOne).afterEnd(using: &random) == .replay)
    for _ in 0..<50 {
      guard case .play(let index) = LocalQueue(tracks: tracks, index: 2, mode: .shuffle).afterEnd(using: &random)
      else { return #expect(Bool(false)) }
      #expect(index != 2 && tracks.indices.contains(index))
    }
  }

  @Test func nextAndPreviousWrap() {
    var random = SystemRandomNumberGenerator()
    #expect(LocalQueue(tracks: tracks, index: 3).next(using: &random) == 0)
    #expect(LocalQueue(tracks: tracks, index: 0).previous() == 3)
    #expect(LocalQueue(tracks: [], index: 5).current == nil)
  }

  @Test func modesCycleInTheUsualOrder() {
    #expect(PlaybackMode.once.cycled == .repeatAll)
    #expect(PlaybackMode.repeatAll.cycled == .repeatOne)
    #expect(PlaybackMode.repeatOne.cycled == .shuffle)
    #expect(PlaybackMode.shuffle.cycled == .once)
  }
}
