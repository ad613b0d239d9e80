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
    output.setRate(controller.playerRepositioned(at: clock.now(), landing: .other))
  }

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
