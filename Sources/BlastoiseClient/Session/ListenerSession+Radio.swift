import BlastoiseProtocol
import BlastoiseSync
import Foundation

/// Radio mode: room states in, the output kept on the room's timeline.
extension ListenerSession {
  func handle(_ event: RoomSocketEvent) {
    switch event {
    case .connecting(let attempt):
      snapshot.connection = .connecting(attempt: attempt)
      snapshot.status = attempt == 0 ? "Connecting" : "Reconnecting (attempt \(attempt + 1))"
    case .connected:
      snapshot.connection = .connected
      snapshot.status = "Connected"
      lastPing = nil
      snapshot.log("socket connected")
    case .state(let state, let receivedAt):
      apply(state, receivedAt: receivedAt)
    case .pong(let clientTime, let serverTime, let receivedAt):
      estimator.record(sent: clientTime / 1000, serverTime: serverTime / 1000, received: receivedAt)
    case .roomList(let rooms):
      snapshot.rooms = rooms
    case .switched(let id):
      snapshot.roomID = id
      snapshot.log("switched to \(id)")
    case .kicked(let reason):
      snapshot.log("kicked: \(reason)")
      snapshot.status = "Signed out: \(reason)"
      unloadOutput()
    case .toast(let message, _):
      snapshot.log(message)
    case .serverError(let message):
      snapshot.log("server: \(message)")
    case .scanProgress, .importJob:
      break
    case .disconnected(let reason, let retryIn):
      if let retryIn {
        snapshot.connection = .reconnecting(reason: reason, retryIn: retryIn)
        snapshot.status = "Disconnected (\(reason)); retrying in \(Int(retryIn)) s"
      } else {
        snapshot.connection = .closed(reason: reason)
        snapshot.status = "Disconnected (\(reason))"
      }
      snapshot.log("socket: \(reason)")
    }
    publish()
  }

  /// A room state: remember it, and bring the output to it.
  func apply(_ state: RoomState, receivedAt: Double) {
    room = state
    roomReceivedAt = receivedAt
    snapshot.roomID = state.roomID
    snapshot.roomName = state.roomName
    snapshot.listeners = state.listeners
    snapshot.listenerCount = state.listenerCount
    snapshot.queue = state.queue ?? snapshot.queue
    snapshot.currentIndex = state.currentIndex
    snapshot.playbackMode = state.playbackMode
    snapshot.seq = state.seq
    guard snapshot.sourceMode == .radio else { return }
    snapshot.track = state.track
    snapshot.paused = state.paused
    guard let track = state.track else {
      unloadOutput()
      controller.stop()
      snapshot.status = "Nothing to play"
      return
    }
    if isBehindTheOutput(state, at: clock.now()) { return }
    guard loaded?.trackId == track.id else {
      if cutOver(to: track, at: clock.now()) { return }
      controller.stop()
      loadOutput(track)
      return
    }
    guard loaded?.ready == true else { return }  // `.ready` starts it
    uncut()
    defer { preloadFollowing(state) }
    if state.paused {
      pauseAtRoomPosition(state)
    } else if !outputPlaying {
      if !parkingFits(at: clock.now()) { startPlayback() }
    } else if let position = output.position() {
      // The room moved (a seek, a jump to the same track, repeat-one starting over — the last
      // keeps `seq`): follow now rather than wait for the drift controller to notice.
      let now = clock.now()
      if let target = target(at: now), abs(position.extrapolated(to: now) - target) >= configuration.drift.seekThreshold
      {
        reposition(to: target, at: now)
      }
    }
  }

  /// The player ran out. Usually the room's next state is on its way; but when the room already
  /// started the same track over (repeat-one, a duplicate) while the player was finishing, no
  /// new state will come: start again from the room's position.
  func radioTrackEnded() {
    let now = clock.now()
    guard let state = room, !state.paused, let track = state.track, loaded?.trackId == track.id,
      loaded?.ready == true, let target = target(at: now), track.duration <= 0 || target < track.duration - 0.1
    else { return }
    startPlayback()
  }

  static let unjudgedTail = 0.5

  /// Where the player should be at `now`: the room's position, and while it plays the output
  /// delay (told by the listener, and what the platform says of its own) further on, so that
  /// the sound is where the room is.
  func target(at now: Double) -> Double? {
    guard let position = roomPosition(at: now), let state = room, let track = state.track else { return nil }
    guard !state.paused else { return position }
    let ahead = position + configuration.outputDelay + output.outputLatency
    return track.duration > 0 ? min(max(0, ahead), track.duration) : max(0, ahead)
  }

  /// Where the room is at `now`, in seconds into its track.
  func roomPosition(at now: Double) -> Double? {
    guard let state = room, let track = state.track else { return nil }
    if state.paused { return state.currentTimestamp }
    // No clock sync yet (or an old server): the state was true when it arrived.
    let elapsed = sinceStateWasTrue(at: now) ?? (now - roomReceivedAt)
    let position = state.currentTimestamp + elapsed
    return track.duration > 0 ? min(max(0, position), track.duration) : max(0, position)
  }

  /// Seconds since the room's state was true by the server's clock (negative before a jump's
  /// instant); nil without a clock estimate or a `serverTime`.
  func sinceStateWasTrue(at now: Double) -> Double? {
    guard let state = room, state.serverTime > 0, let estimate = estimator.estimate(at: now) else { return nil }
    return estimate.serverTime(at: now) - Double(state.serverTime) / 1000
  }

  /// The output is ready (or was paused): start it at the room's position, or hold it there.
  func startPlayback() {
    guard let state = room, loaded?.ready == true else { return }
    if state.paused {
      pauseAtRoomPosition(state)
      joinStartedAt = nil  // joined a paused room: nothing to time
      return
    }
    let now = clock.now()
    guard let target = target(at: now) else { return }
    guard !canPark(for: target) else { return park(target: target, at: now) }
    seek(to: target, at: now)
    playFromHere(at: now)
  }

  /// The output plays on from where it is.
  func playFromHere(at now: Double) {
    output.play()
    outputPlaying = true
    snapshot.status = "Playing"
    if let state = room { preloadFollowing(state) }
    if let started = joinStartedAt {
      snapshot.joinToPlaying = now - started
      snapshot.log(String(format: "in step %.0f ms after joining", (now - started) * 1000))
      joinStartedAt = nil
    }
  }

  /// Moves the playing output to the room's `target`: one that parks pauses and parks (to start
  /// again on time), another seeks as it plays.
  func reposition(to target: Double, at now: Double) {
    guard canPark(for: target) else { return seek(to: target, at: now) }
    output.pause()
    outputPlaying = false
    park(target: target, at: now)
  }

  /// Seeks the output to `target`, ahead by what seeks were learned to lose.
  func seek(to target: Double, at now: Double) {
    output.seek(to: target + controller.seekLead)
    output.setRate(controller.playerRepositioned(at: now, landing: .seek))
  }

  /// Holds the output exactly where the room paused. Always seeks when pausing: players may
  /// report (and resume from) a position short of what they played — mpv drops its buffered
  /// audio on pause and says it is ~150 ms back.
  private func pauseAtRoomPosition(_ state: RoomState) {
    let wasPlaying = outputPlaying
    parking = nil
    if outputPlaying {
      output.pause()
      outputPlaying = false
    }
    controller.stop()
    if wasPlaying || (output.position().map { abs($0.seconds - state.currentTimestamp) > 0.002 } ?? false) {
      output.seek(to: state.currentTimestamp)
    }
    snapshot.status = "Paused"
  }

  /// One comparison of the player with the room, and whatever the drift controller makes of it.
  func syncStep(_ position: AudioPosition, now: Double) {
    guard let expected = target(at: now), let state = room, let track = state.track, !state.paused,
      loaded?.trackId == track.id  // gone on to the next track before the room said so
    else { return }
    // The last half second is left alone: the room's clock stops at the duration while players
    // drain their buffers and report odd positions (mpv jumps to the end early), and a
    // correction there would not be heard anyway.
    if track.duration > 0, expected > track.duration - Self.unjudgedTail { return }
    let actual = position.extrapolated(to: now)
    switch controller.update(expected: expected, actual: actual, at: now) {
    case .none: break
    case .setRate(let rate): output.setRate(rate)
    case .seek(let target, let rate):
      snapshot.log(String(format: "seek: %+.0f ms off", (actual - expected) * 1000))
      if canPark(for: expected) {
        reposition(to: expected, at: now)
      } else {
        output.seek(to: target)
        output.setRate(rate)
      }
    }
    sampleContinuation.yield(
      SyncSample(
        at: now, trackId: track.id, position: actual, expected: expected, rate: controller.rate, seq: state.seq,
        serverTime: state.serverTime, currentTimestamp: state.currentTimestamp,
        clockOffset: estimator.estimate(at: now)?.offset(at: now)))
  }
}
