import BlastoiseProtocol

/// Who is in a room on one node, for the other nodes: each person once (by vote key, as
/// `SkipVotes` counts them) with the name shown, their last sync report and whether they voted to
/// skip the playing entry; and how many people and votes there are in all (a big room lists only
/// `listed` people). With the other nodes' rosters, every node shows the room's names and sync
/// reports, counts its votes and can remove anyone in it. Sent as a `RoomEventNotice`.
public struct RoomRoster: Sendable, Equatable, Codable {
  public struct Person: Sendable, Equatable, Codable {
    public let key: String
    public let name: String
    public var state: ListenerSyncState?
    public var driftMs: Double?
    public var voted: Bool?

    public init(key: String, name: String, sync: ListenerSync? = nil, voted: Bool = false) {
      self.key = key
      self.name = name
      state = sync?.state
      driftMs = sync?.driftMs
      self.voted = voted ? true : nil
    }

    /// The person's last sync report, as a state carries it.
    public var sync: ListenerSync? { state.map { ListenerSync(name: name, state: $0, driftMs: driftMs) } }
  }

  /// At most this many people are listed, so a roster fits one notice.
  public static let listed = 30

  /// The first `listed` people by key.
  public let people: [Person]
  /// Every person on that node, listed or not.
  public let count: Int
  /// The entry the votes are for (nil: nobody there voted on what plays).
  public let entry: SkipVotes.Entry?
  /// Votes for `entry` from people on that node, listed or not.
  public let votes: Int

  /// `people`: everyone there, each once.
  public init(people: [Person], entry: SkipVotes.Entry?) {
    let voted = people.filter { $0.voted == true }.count
    self.people = Array(people.sorted { $0.key < $1.key }.prefix(Self.listed))
    count = people.count
    self.entry = voted > 0 ? entry : nil
    votes = voted > 0 ? voted : 0
  }

  public var isEmpty: Bool { count == 0 }
}

/// The other nodes' rosters of one room, the latest from each. A node's roster is left out once
/// `expiry` passes without a new one (a node killed outright sends no empty roster); a node
/// sends its roster again with every full state it sends (`RoomActor.refreshInterval`, 30 s).
/// Times are seconds on a clock that does not jump.
public struct RoomRosters: Sendable {
  public static let expiry = 90.0

  private var heard: [String: (roster: RoomRoster, at: Double)] = [:]

  public init() {}

  /// Takes a node's roster (and forgets expired ones); true when what `rosters` gives changed.
  public mutating func take(_ roster: RoomRoster, from node: String, at now: Double) -> Bool {
    let before = rosters(at: now)
    heard = heard.filter { now - $0.value.at < Self.expiry }
    heard[node] = roster.isEmpty ? nil : (roster, now)
    return rosters(at: now) != before
  }

  /// The rosters heard and not expired, by node ID.
  public func rosters(at now: Double) -> [RoomRoster] {
    heard.filter { now - $0.value.at < Self.expiry }.sorted { $0.key < $1.key }.map(\.value.roster)
  }

  /// Everyone listed on the other nodes.
  public func people(at now: Double) -> [RoomRoster.Person] { rosters(at: now).flatMap(\.people) }
}

extension SkipVotes {
  /// Whether the votes for `entry` pass across nodes: this node's voters among `listeners` (this
  /// node's people) and the votes other nodes' rosters give for the same entry, over everyone.
  /// A person listed on two nodes counts once; beyond the listed, people and votes are counts.
  public func passes(for entry: Entry, listeners: Set<String>, elsewhere: [RoomRoster]) -> Bool {
    var people = listeners
    var voted = self.entry == entry ? voters.intersection(listeners) : []
    var unlistedPeople = 0
    var unlistedVotes = 0
    for roster in elsewhere {
      people.formUnion(roster.people.map(\.key))
      unlistedPeople += roster.count - roster.people.count
      guard roster.entry == entry else { continue }
      let listedVoters = roster.people.filter { $0.voted == true }.map(\.key)
      voted.formUnion(listedVoters)
      unlistedVotes += roster.votes - listedVoters.count
    }
    let total = people.count + unlistedPeople
    return total > 0 && (voted.count + unlistedVotes) * 2 > total
  }
}
