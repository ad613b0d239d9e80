/// Which live rooms this node owns. The owner is the one node that writes a room's track-boundary
/// crossings; it holds a session-level advisory lock for the room, so the lock — and with it the
/// ownership — ends with the node's database session (a killed node's rooms are free at once).
/// Ownership is never what keeps a room from forking (compare-and-set on `seq` does that), so
/// a collision of two rooms' lock keys only makes one node own both.
public struct RoomOwnership: Sendable, Equatable {
  /// `pg_try_advisory_lock(lockClass, lockKey(id))`: the two-key form, apart from the one-key
  /// locks (the schema's migration lock).
  public static let lockClass: Int32 = 0x626C

  public private(set) var owned: Set<String> = []

  public init() {}

  /// What a sweep does for the rooms this node's sockets are in (`wanted`).
  public struct Plan: Sendable, Equatable {
    /// Wanted and not owned: try their locks (another node may hold some).
    public var acquire: [String]
    /// Owned and no longer wanted: unlock, so a node with listeners there can take them.
    public var release: [String]

    public var isEmpty: Bool { acquire.isEmpty && release.isEmpty }
  }

  public func plan(wanted: Set<String>) -> Plan {
    Plan(acquire: wanted.subtracting(owned).sorted(), release: owned.subtracting(wanted).sorted())
  }

  /// The outcome of a sweep: `acquired` are the rooms whose locks were granted.
  public mutating func apply(_ plan: Plan, acquired: [String]) -> Change {
    owned.subtract(plan.release)
    let gained = acquired.filter { plan.acquire.contains($0) && !owned.contains($0) }
    owned.formUnion(gained)
    return Change(gained: gained.sorted(), lost: plan.release)
  }

  /// The session ended: every lock went with it.
  public mutating func sessionEnded() -> Change {
    let lost = owned.sorted()
    owned = []
    return Change(gained: [], lost: lost)
  }

  public struct Change: Sendable, Equatable {
    public var gained: [String]
    public var lost: [String]
  }

  /// A room's lock key: FNV-1a (32 bits) of its ID, the same on every node and every build.
  public static func lockKey(_ roomID: String) -> Int32 {
    var hash: UInt32 = 0x811C_9DC5
    for byte in roomID.utf8 {
      hash ^= UInt32(byte)
      hash = hash &* 0x0100_0193
    }
    return Int32(bitPattern: hash)
  }
}

/// How long a node waits before connecting its link again: doubling from `first` to `longest`,
/// counting failures since the last connection that worked.
public struct LinkBackoff: Sendable, Equatable {
  public var first: Double = 0.25
  public var longest: Double = 8

  public init() {}

  public func delay(afterFailures failures: Int) -> Double {
    guard failures > 0 else { return 0 }
    return min(first * Double(1 << min(failures - 1, 16)), longest)
  }
}
