import BlastoiseClient
import BlastoiseProtocol
import Foundation

/// The host's own `ListenerSession` on its player: a room it follows while the page may sleep
/// (`follow-room`), or a car's list of tracks it plays by itself.
struct HostSession {
  let session: ListenerSession
  let relay: RelayedOutput
  let snapshots: Task<Void, Never>
}

extension BridgeHost {
  func follow(_ roomID: String, invite: String?) async throws(BridgeError) {
    if let current = session {
      let snapshot = await current.session.snapshot
      if snapshot.sourceMode == .radio, snapshot.roomID == roomID { return }
    }
    let session = await startSession()
    do {
      _ = try await session.join(roomID: roomID, invite: invite)
    } catch {
      await endSession()
      // The page learns it follows nothing, and may ask again.
      send(
        .room(
          RoomFollowing(
            roomID: roomID, trackID: nil, currentIndex: 0, paused: true, playing: false, roomPosition: nil,
            playerPosition: nil, driftMs: nil, connection: "closed", status: "Could not join the room")))
      throw BridgeError("Could not join the room: \(error)")
    }
  }

  /// A car's tracks, from one of them, played by the host's session (next and previous from
  /// the lock screen move through them).
  func playTracks(_ tracks: [Track], startAt index: Int) async {
    await startSession(releasing: true).playLibrary(tracks, startAt: index)
  }

  /// A fresh session on the player, whatever played before (a spoken item's place written first).
  func startSession(releasing: Bool = false) async -> ListenerSession {
    await endSession(releasing: releasing)
    await saveProgress(finished: false)
    if next != nil { preload(nil) }
    loaded = nil
    advancedTo = nil
    loading = false
    carItem = nil
    setPlaying(false)
    let relay = RelayedOutput(output)
    let listener = ListenerSession(api: api, output: relay, clock: clock)
    let snapshots = Task { [weak self] in
      for await snapshot in listener.snapshots { await self?.heardSession(snapshot) }
    }
    session = HostSession(session: listener, relay: relay, snapshots: snapshots)
    return listener
  }

  /// The session goes; so does what it played. A room's page hears it left: `closed` (the page
  /// may ask again), or `released` when a car took the player (the page leaves it to the car
  /// until the person plays something there).
  func endSession(releasing: Bool = false) async {
    guard let current = session else { return }
    session = nil
    current.relay.finish()
    current.snapshots.cancel()
    let last = await current.session.snapshot
    await current.session.stop()
    output.stop()
    setPlaying(false)
    if last.sourceMode == .radio {
      var left = RoomFollowing(last)
      left.connection = releasing ? "released" : "closed"
      left.playing = false
      send(.room(left))
    }
  }

  /// What the session plays: a room's state to the page (the page follows no car's list), and
  /// the track to the lock screen.
  private func heardSession(_ snapshot: PlaybackSnapshot) {
    if snapshot.sourceMode == .radio { send(.room(RoomFollowing(snapshot))) }
    var shown = nowPlaying
    if let track = snapshot.track {
      shown.title = track.title
      shown.artist = track.artist
      shown.album = track.album
      shown.duration = track.duration
      shown.artwork = track.coverID.map { api.coverURL($0, size: 512) }
    }
    shown.kind = .music
    shown.playing = snapshot.isPlaying
    shown.elapsed = snapshot.playerPosition ?? shown.elapsed
    shown.elapsedAt = clock.now()
    if shown != nowPlaying {
      nowPlaying = shown
      changesContinuation.yield(nowPlaying)
    }
  }
}

extension RoomFollowing {

  init(_ snapshot: PlaybackSnapshot) {
    let connection: String
    switch snapshot.connection {
    case .idle, .connecting: connection = "connecting"
    case .connected: connection = "connected"
    case .reconnecting: connection = "reconnecting"
    case .closed: connection = "closed"
    }
    self.init(
      roomID: snapshot.roomID, trackID: snapshot.track?.id, currentIndex: snapshot.currentIndex,
      paused: snapshot.paused,
      playing: snapshot.isPlaying, roomPosition: snapshot.expectedPosition, playerPosition: snapshot.playerPosition,
      driftMs: snapshot.drift.map { $0 * 1000 }, connection: connection, status: snapshot.status)
  }
}
