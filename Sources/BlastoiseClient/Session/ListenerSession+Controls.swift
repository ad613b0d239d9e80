import BlastoiseProtocol
import BlastoiseSync

/// What a UI asks for. In radio mode the room does it (socket actions, or the mode over HTTP) —
/// only for users with the `control` permission; in library mode the local player does.
extension ListenerSession {
  public func togglePause() async {
    if snapshot.sourceMode == .library { return toggleLocalPause() }
    guard let room else { return }
    await send(room.paused ? .unpause : .pause)
  }

  public func pause() async {
    if snapshot.sourceMode == .library { return pauseLocal() }
    await send(.pause)
  }

  public func resume() async {
    if snapshot.sourceMode == .library { return resumeLocal() }
    await send(.unpause)
  }

  public func seek(to seconds: Double) async {
    if snapshot.sourceMode == .library {
      output.seek(to: max(0, seconds))
      return
    }
    await send(.seek(max(0, seconds)))
  }

  public func seek(by delta: Double) async {
    let now = clock.now()
    let current = snapshot.sourceMode == .radio ? roomPosition(at: now) : output.position()?.extrapolated(to: now)
    guard let current else { return }
    let duration = snapshot.track?.duration ?? .infinity
    await seek(to: min(max(0, current + delta), max(0, duration - 0.5)))
  }

  public func next() async {
    if snapshot.sourceMode == .library { return playLocal(at: local?.next(using: &random)) }
    guard let room, let count = room.queue?.count, count > 0 else { return }
    await send(.jump((room.currentIndex + 1) % count))
  }

  public func previous() async {
    if snapshot.sourceMode == .library { return playLocal(at: local?.previous()) }
    guard let room, let count = room.queue?.count, count > 0 else { return }
    await send(.jump((room.currentIndex - 1 + count) % count))
  }

  public func jump(to index: Int) async {
    if snapshot.sourceMode == .library { return playLocal(at: index) }
    await send(.jump(index))
  }

  /// once → repeat-all → repeat-one → shuffle.
  public func cycleMode() async {
    if snapshot.sourceMode == .library {
      guard var queue = local else { return }
      queue.mode = queue.mode.cycled
      local = queue
      snapshot.playbackMode = queue.mode.rawValue
      publish()
      return
    }
    let current = PlaybackMode(rawValue: room?.playbackMode ?? "") ?? .repeatAll
    await setMode(current.cycled)
  }

  public func setMode(_ mode: PlaybackMode) async {
    if snapshot.sourceMode == .library {
      local?.mode = mode
      snapshot.playbackMode = mode.rawValue
      publish()
      return
    }
    guard let id = room?.roomID ?? snapshot.roomID, snapshot.canControl else { return refuse() }
    do {
      try await api.setMode(room: id, mode)
    } catch {
      snapshot.log("mode: \(error.message)")
      publish()
    }
  }

  /// Adds tracks to the room's queue (`playNext`: right after the playing entry).
  public func queue(_ trackIds: [String], playNext: Bool = false) async {
    guard let id = room?.roomID ?? snapshot.roomID else { return }
    do {
      try await api.editQueue(
        room: id, .add(trackIds, insertAt: playNext ? (room?.currentIndex ?? -1) + 1 : nil))
    } catch {
      snapshot.log("queue: \(error.message)")
      publish()
    }
  }

  private func send(_ action: ClientAction) async {
    guard snapshot.canControl else { return refuse() }
    do {
      guard let socket else { throw BlastoiseClientError.notConnected }
      try await socket.send(action)
    } catch {
      snapshot.log("control: \((error as? BlastoiseClientError)?.message ?? "\(error)")")
      publish()
    }
  }

  private func refuse() {
    snapshot.log("listen only: this account may not control the room")
    publish()
  }
}
