import BlastoiseProtocol
import BlastoiseSync

/// Library mode: local tracks played on their own, the room socket closed on purpose.
extension ListenerSession {
  /// Leaves the room and plays `tracks` locally from `index`.
  public func playLibrary(_ tracks: [Track], startAt index: Int = 0, mode: PlaybackMode? = nil) async {
    startLoops()
    await leaveRadio()
    room = nil
    controller.stop()
    snapshot.sourceMode = .library
    snapshot.roomID = nil
    let queue = LocalQueue(tracks: tracks, index: index, mode: mode ?? local?.mode ?? .repeatAll)
    local = queue
    snapshot.queue = tracks
    snapshot.playbackMode = queue.mode.rawValue
    loadLocal()
    publish()
  }

  /// Back to the room (the last one, or the default).
  public func returnToRoom() async throws(BlastoiseClientError) {
    let previous = snapshot.roomID
    local = nil
    unloadOutput()
    snapshot.sourceMode = .radio
    try await join(roomID: previous)
  }

  func loadLocal() {
    guard let track = local?.current else { return }
    snapshot.track = track
    snapshot.localIndex = local?.index ?? -1
    snapshot.paused = false
    output.setRate(1)
    loadOutput(track)
  }

  func startLocalPlayback() {
    guard !snapshot.paused else { return }
    output.play()
    outputPlaying = true
    snapshot.status = "Playing (library)"
  }

  func playLocal(at index: Int?) {
    guard let index, var queue = local, queue.tracks.indices.contains(index) else { return }
    queue.index = index
    local = queue
    loadLocal()
    publish()
  }

  func localTrackEnded() {
    guard let queue = local else { return }
    switch queue.afterEnd(using: &random) {
    case .replay:
      output.seek(to: 0)
      output.play()
      outputPlaying = true
    case .play(let index):
      playLocal(at: index)
    case .stop:
      snapshot.paused = true
      snapshot.status = "Stopped at the end"
    }
  }

  func toggleLocalPause() {
    outputPlaying ? pauseLocal() : resumeLocal()
  }

  func pauseLocal() {
    output.pause()
    outputPlaying = false
    snapshot.paused = true
    publish()
  }

  func resumeLocal() {
    snapshot.paused = false
    if loaded?.ready == true {
      output.play()
      outputPlaying = true
    }
    publish()
  }
}
