import BlastoiseProtocol
import BlastoiseSync
import Foundation

/// Gapless track changes in radio mode: while the room's track plays, the one the room plays
/// next waits in the output (`preload`), and the output goes on to it by itself on the last
/// sample (`.advanced`) instead of being loaded when the room says it moved on (a silence of
/// tens of milliseconds). The room's next state then names the track already playing, and the
/// drift controller takes what is left of the boundary.
extension ListenerSession {
  /// The track the room plays after its current one, when its mode says which (in shuffle the
  /// server draws, so nothing is preloaded).
  func followingTrack(_ state: RoomState) -> Track? {
    let queue = snapshot.queue
    guard let track = state.track, queue.indices.contains(state.currentIndex), queue[state.currentIndex].id == track.id,
      let mode = PlaybackMode(rawValue: state.playbackMode), mode != .shuffle
    else { return nil }
    var unused = SystemRandomNumberGenerator()
    return mode.nextIndex(after: state.currentIndex, count: queue.count, using: &unused).map { queue[$0] }
  }

  /// Puts the room's next track in the output behind the playing one (or takes it out).
  func preloadFollowing(_ state: RoomState) {
    guard outputPlaying, loaded?.ready == true, loaded?.trackId == state.track?.id else { return }
    let next = followingTrack(state)
    guard next?.id != preloadedTrackID else { return }
    preloadedTrackID = next?.id
    output.preload(url: next.map { api.trackURL($0.id) }, headers: api.requestHeaders)
  }

  /// The output went on to the preloaded track: it is the loaded one now, playing from its start.
  func advancedToPreloaded() {
    guard let next = preloadedTrackID else { return }
    advancedFrom = loaded?.trackId
    loaded = Loaded(trackId: next, ready: true)
    preloadedTrackID = nil
    cutAt = nil
    output.setRate(controller.playerRepositioned(at: clock.now(), landing: .other))
    if let room { preloadFollowing(room) }  // after a cut, the room already names this track
  }

  /// A jump the room makes a moment ahead (its state true at an instant still to come, `track`
  /// from its start): the playing track plays on to that instant, where the output goes
  /// straight on to `track`, waiting behind it (`preload`) — as at a natural end, without a
  /// silence. False when there is no time for that: the output then loads it.
  func cutOver(to track: Track, at now: Double) -> Bool {
    guard outputPlaying, loaded?.ready == true, parking == nil, let wait = startsIn(at: now),
      let position = output.position(), position.playing
    else { return false }
    // The output plays `outputDelay` + `outputLatency` ahead of the room: so does the cut.
    let ahead = wait - configuration.outputDelay - output.outputLatency
    guard ahead > Self.shortestCut else { return false }
    if preloadedTrackID != track.id {
      preloadedTrackID = track.id
      output.preload(url: api.trackURL(track.id), headers: api.requestHeaders)
    }
    let cut = position.extrapolated(to: now + ahead)
    if cutAt.map({ abs($0 - cut) > 0.0005 }) ?? true {
      cutAt = cut
      output.endLoaded(at: cut)
      snapshot.log(String(format: "jump in %.0f ms: cut at %.3f s", ahead * 1000, cut))
    }
    return true
  }

  /// The loaded track plays to its own end again (the room went back to it, or did not jump).
  func uncut() {
    guard cutAt != nil else { return }
    cutAt = nil
    output.endLoaded(at: nil)
  }

  /// How long until the room's state is true, when that is still to come (a jump's lead); nil
  /// without a clock estimate (the state is then taken as true on arrival).
  func startsIn(at now: Double) -> Double? {
    guard room?.paused == false, let since = sinceStateWasTrue(at: now), since < 0 else { return nil }
    return -since
  }

  /// A cut needs this long: mpv holds ~0.25 s decoded past what is heard (audio already in
  /// the output plays whatever the cut says), and the next file must open.
  static let shortestCut = 0.3

  /// Whether `state` still names the track the output just finished, at its end: the room has
  /// not said yet that it moved on (its clock and the file's end differ by milliseconds).
  func isBehindTheOutput(_ state: RoomState, at now: Double) -> Bool {
    guard let from = advancedFrom, let track = state.track, track.id == from, !state.paused,
      let position = roomPosition(at: now), track.duration - position < Self.advanceAllowance
    else {
      advancedFrom = nil
      return false
    }
    return true
  }

  /// How close to its end the room's clock may still be on a track the output has finished.
  static let advanceAllowance = 1.0
}
