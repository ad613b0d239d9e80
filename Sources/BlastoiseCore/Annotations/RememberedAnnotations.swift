import BlastoiseProtocol
import Synchronization

/// Each person's annotations of each kind, read whole from the store once and then answered from
/// memory: every catalog answer and Subsonic reply shows the caller's stars, ratings and plays,
/// and a store read per answer was the largest cost of a cached search. Writes go to the store
/// first and then forget what was kept of that person, here and, through `changed`, on the
/// other nodes (which call `forget`). Lists that join the catalog (favourites, recently played)
/// are the store's.
///
/// What is kept is bounded by `capacity` annotations in all; the people asked for longest ago
/// are forgotten first, and a person with more than the capacity alone is read from the store.
public final class RememberedAnnotations: AnnotationStore {
  public static let defaultCapacity = 250_000

  private struct Key: Hashable {
    let userID: Int
    let kind: AnnotatedKind
  }

  private struct Kept {
    var annotations: [String: Annotation]
    var lastUse: UInt64
  }

  /// Which of a person's annotations an answer showed: an answer kept under an older version
  /// is not theirs any more.
  public struct Version: Sendable, Hashable, CustomStringConvertible {
    /// How many times everyone's were forgotten (`forgetAll`).
    let everyone: UInt64
    /// How many times the person's were.
    let person: UInt64

    public var description: String { "\(everyone).\(person)" }
  }

  private struct State {
    var kept: [Key: Kept] = [:]
    var count = 0
    var uses: UInt64 = 0
    /// Goes up with every forgetting: a store read begun before one is not kept (it may hold
    /// what was just changed).
    var forgettings: UInt64 = 0
    var everyone: UInt64 = 0
    var people: [Int: UInt64] = [:]
  }

  private let store: any AnnotationStore
  private let capacity: Int
  private let changed: @Sendable (Int) async -> Void
  private let state = Mutex(State())

  /// `changed`: tells the other nodes that a person's annotations changed here (after the write).
  public init(
    _ store: any AnnotationStore, capacity: Int = defaultCapacity, changed: @escaping @Sendable (Int) async -> Void
  ) {
    self.store = store
    self.capacity = capacity
    self.changed = changed
  }

  /// The version of the person's annotations now; read it before what an answer shows.
  public func version(userID: Int) -> Version {
    state.withLock { Version(everyone: $0.everyone, person: $0.people[userID] ?? 0) }
  }

  /// Forgets what is kept of the person (their annotations changed on another node).
  public func forget(userID: Int) {
    state.withLock { state in
      state.forgettings += 1
      state.people[userID, default: 0] += 1
      for kind in AnnotatedKind.allCases {
        if let gone = state.kept.removeValue(forKey: Key(userID: userID, kind: kind)) {
          state.count -= gone.annotations.count
        }
      }
    }
  }

  /// Forgets everyone's (notices from the other nodes may have been missed).
  public func forgetAll() {
    state.withLock { state in
      state.forgettings += 1
      state.everyone += 1
      state.kept = [:]
      state.count = 0
    }
  }

  public func annotations(kind: AnnotatedKind, ids: [String], userID: Int) async throws -> [String: Annotation] {
    guard !ids.isEmpty else { return [:] }
    let all = try await annotations(kind: kind, userID: userID)
    var found: [String: Annotation] = [:]
    for id in ids {
      if let annotation = all[id] { found[id] = annotation }
    }
    return found
  }

  public func annotations(kind: AnnotatedKind, userID: Int) async throws -> [String: Annotation] {
    let key = Key(userID: userID, kind: kind)
    let (kept, forgettings) = state.withLock { state -> ([String: Annotation]?, UInt64) in
      state.uses += 1
      guard var kept = state.kept[key] else { return (nil, state.forgettings) }
      kept.lastUse = state.uses
      state.kept[key] = kept
      return (kept.annotations, state.forgettings)
    }
    if let kept { return kept }
    let read = try await store.annotations(kind: kind, userID: userID)
    keep(read, for: key, readSince: forgettings)
    return read
  }

  private func keep(_ annotations: [String: Annotation], for key: Key, readSince forgettings: UInt64) {
    guard annotations.count <= capacity else { return }
    state.withLock { state in
      guard state.forgettings == forgettings, state.kept[key] == nil else { return }
      while state.count + annotations.count > capacity,
        let oldest = state.kept.min(by: { $0.value.lastUse < $1.value.lastUse })
      {
        state.kept.removeValue(forKey: oldest.key)
        state.count -= oldest.value.annotations.count
      }
      state.kept[key] = Kept(annotations: annotations, lastUse: state.uses)
      state.count += annotations.count
    }
  }

  @discardableResult
  public func setFavourite(_ favourite: Bool, kind: AnnotatedKind, id: String, userID: Int, at time: Int64)
    async throws -> Bool
  {
    try await written(by: userID) {
      try await store.setFavourite(favourite, kind: kind, id: id, userID: userID, at: time)
    }
  }

  @discardableResult
  public func setRating(_ rating: Int?, kind: AnnotatedKind, id: String, userID: Int) async throws -> Bool {
    try await written(by: userID) { try await store.setRating(rating, kind: kind, id: id, userID: userID) }
  }

  @discardableResult
  public func recordPlay(trackID: String, userID: Int, at time: Int64) async throws -> Bool {
    try await written(by: userID) { try await store.recordPlay(trackID: trackID, userID: userID, at: time) }
  }

  public func favourites(userID: Int, limit: Int) async throws -> Favourites {
    try await store.favourites(userID: userID, limit: limit)
  }

  public func recentlyPlayed(userID: Int, limit: Int) async throws -> RecentlyPlayed {
    try await store.recentlyPlayed(userID: userID, limit: limit)
  }

  /// Runs a write, then forgets the person's annotations here and tells the other nodes — also
  /// when the write failed, as it may have committed before failing to answer.
  private func written(by userID: Int, _ write: () async throws -> Bool) async throws -> Bool {
    let result: Result<Bool, any Error>
    do { result = .success(try await write()) } catch { result = .failure(error) }
    forget(userID: userID)
    if (try? result.get()) != false { await changed(userID) }
    return try result.get()
  }
}
