import BlastoiseProtocol

/// What a room entry is in spoken word terms: whose progress it moves when a room plays it.
/// `offset` is where the entry starts in the item (a book's second file starts where the first
/// one ended); an episode starts at 0.
public struct SpokenRef: Sendable, Equatable, Hashable {
  public var kind: ProgressKind
  public var id: String
  public var offset: Double
  /// The item's whole length, when known (a book's, not its file's): "finished" is judged on it.
  public var length: Double?
  /// An episode's feed URL and guid (gPodder clients want them with the position).
  public var feed: String?
  public var guid: String?

  public init(
    kind: ProgressKind, id: String, offset: Double = 0, length: Double? = nil, feed: String? = nil,
    guid: String? = nil
  ) {
    self.kind = kind
    self.id = id
    self.offset = offset
    self.length = length
    self.feed = feed
    self.guid = guid
  }
}

/// Listening together moves everyone's own progress: while a room plays an episode or a book,
/// each signed-in person hearing it has their position in it written, so that leaving the room
/// (or the room moving on) leaves them where the room was. Pure: the room tells it what plays and
/// who hears it after every change and every `interval` while it runs; it answers the writes.
public struct RoomProgressTally: Sendable {
  /// What plays at an observation: the entry's spoken side, where the room is in the entry
  /// (seconds) and whether the clock runs.
  public struct Playing: Sendable, Equatable {
    public let ref: SpokenRef
    /// Which entry of the queue (the same item twice in a queue are two plays).
    public let entry: Int
    public let position: Double
    public let duration: Double
    public let running: Bool

    public init(ref: SpokenRef, entry: Int, position: Double, duration: Double, running: Bool) {
      self.ref = ref
      self.entry = entry
      self.position = position
      self.duration = duration
      self.running = running
    }
  }

  /// One person's position in one item, true at `at` (seconds since 1970).
  public struct Write: Sendable, Equatable {
    public let userID: Int
    public let ref: SpokenRef
    /// Seconds into the item (the entry's offset included).
    public let position: Double
    public let at: Double

    public init(userID: Int, ref: SpokenRef, position: Double, at: Double) {
      self.userID = userID
      self.ref = ref
      self.position = position
      self.at = at
    }
  }

  /// How often a running room's positions are written while nothing else changes: a server
  /// stopped without warning loses at most this much of anyone's place.
  public static let interval = 15.0

  private var last: (playing: Playing, people: Set<Int>, at: Double)?

  public init() {}

  /// Tells the tally what plays now (nil: nothing spoken) and who hears it; answers the writes:
  /// everyone hearing a spoken entry gets its position now, and whoever heard the previous one and
  /// does not any more (they left, stopped hearing, or the room moved on) gets where it had got to.
  public mutating func observe(at now: Double, playing: Playing?, people: Set<Int>) -> [Write] {
    var writes: [Write] = []
    if let last {
      let moved = playing.map { $0.entry != last.playing.entry || $0.ref != last.playing.ref } ?? true
      let gone = moved ? last.people : last.people.subtracting(people)
      let reached = Self.extrapolated(last.playing, from: last.at, to: now)
      // Moved on: true when the entry ended, and in any case a moment before the next entry's
      // writes, so that the same item again later in the queue is where its stored place ends up.
      let at = moved ? min(reached.endedAt ?? now, now) - Self.moment : now
      for person in gone.sorted() {
        writes.append(Write(userID: person, ref: last.playing.ref, position: reached.position, at: at))
      }
    }
    if let playing, !people.isEmpty {
      let position = playing.ref.offset + min(max(0, playing.position), playing.duration)
      for person in people.sorted() {
        writes.append(Write(userID: person, ref: playing.ref, position: position, at: now))
      }
      last = (playing, people, now)
    } else {
      last = nil
    }
    return writes
  }

  /// Whether the tally wants to be asked again in `interval`: something spoken runs and is heard.
  public var wantsTicks: Bool { last.map { $0.playing.running } ?? false }

  /// The stores keep times in milliseconds.
  static let moment = 0.001

  /// Where an entry seen at `then` is at `now`: moved on by the clock while it ran, never past
  /// its end (a room that moved to the next entry finished this one), and when it ended if it did.
  private static func extrapolated(_ playing: Playing, from then: Double, to now: Double)
    -> (position: Double, endedAt: Double?)
  {
    let start = min(max(0, playing.position), playing.duration)
    guard playing.running else { return (playing.ref.offset + start, nil) }
    let remaining = playing.duration - start
    if now - then >= remaining { return (playing.ref.offset + playing.duration, then + remaining) }
    return (playing.ref.offset + start + max(0, now - then), nil)
  }
}
