/// Votes to skip the playing entry, pure. One vote per person, keyed by the caller (a person
/// with two sockets votes once; each guest is their own person); the room skips when more than half of the people listening now have voted. Votes
/// belong to one entry: a new entry (`track` changes) starts from none.
public struct SkipVotes: Sendable, Equatable {
  /// The entry voted on: its queue position and track.
  public private(set) var entry: Entry?
  public private(set) var voters: Set<String> = []

  public struct Entry: Sendable, Hashable, Codable {
    public let index: Int
    public let trackID: String
    public init(index: Int, trackID: String) {
      self.index = index
      self.trackID = trackID
    }
  }

  public init() {}

  /// Records `voter`'s vote for `entry`; true when the votes now pass among `listeners` (the
  /// people listening here, each once; a voter who left no longer counts) and the people on the
  /// other nodes (`elsewhere`, their rosters: `RoomRoster`).
  public mutating func vote(
    by voter: String, for entry: Entry, listeners: Set<String>, elsewhere: [RoomRoster] = []
  ) -> Bool {
    if self.entry != entry {
      self.entry = entry
      voters = []
    }
    voters.insert(voter)
    return passes(for: entry, listeners: listeners, elsewhere: elsewhere)
  }

  /// After a skip (or any change of entry), votes start over.
  public mutating func reset() {
    entry = nil
    voters = []
  }
}
