/// ReplayGain leveling: every track played about as loud as the others, from its tags, limited by
/// its peak so that nothing is pushed past full scale. On by default in every client.
public enum Leveling: String, Sendable, Equatable, CaseIterable {
  /// The track's own gain.
  case track
  /// The album's gain (an album's quiet and loud songs keep their difference); the track's
  /// where the album has none.
  case album
  /// The files as they are.
  case off
}
