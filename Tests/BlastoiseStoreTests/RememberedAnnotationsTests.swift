import BlastoiseCore
import BlastoiseProtocol
import Synchronization
import Testing

/// Each person's annotations kept in memory (`RememberedAnnotations`) over a real SQLite store:
/// what a node shows after writes here and elsewhere, and what it keeps. (The store contract runs
/// through it too: `AnnotationStoreContract`.)
@Suite struct RememberedAnnotationsTests {
  /// A real store that counts the whole-kind reads it answers and can hold one back until told.
  final class WatchedStore: AnnotationStore {
    let store: any AnnotationStore
    private let state = Mutex<(reads: Int, held: CheckedContinuation<Void, Never>?, holding: Bool)>((0, nil, false))

    init(_ store: any AnnotationStore) { self.store = store }

    var reads: Int { state.withLock { $0.reads } }
    /// A read is waiting for `release`.
    var isHolding: Bool { state.withLock { $0.held != nil } }

    /// The next whole-kind read waits, after reading, until `release`.
    func holdNextRead() { state.withLock { $0.holding = true } }

    /// Lets a held read go on; true when one was held.
    func release() -> Bool {
      guard let held = state.withLock({ $0.held.take() }) else { return false }
      held.resume()
      return true
    }

    func annotations(kind: AnnotatedKind, userID: Int) async throws -> [String: Annotation] {
      let read = try await store.annotations(kind: kind, userID: userID)
      let hold = state.withLock { state in
        state.reads += 1
        defer { state.holding = false }
        return state.holding
      }
      if hold { await withCheckedContinuation { continuation in state.withLock { $0.held = continuation } } }
      return read
    }

    func annotations(kind: AnnotatedKind, ids: [String], userID: Int) async throws -> [String: Annotation] {
      try await store.annotations(kind: kind, ids: ids, userID: userID)
    }

    func setFavourite(_ favourite: Bool, kind: AnnotatedKind, id: String, userID: Int, at time: Int64)
      async throws -> Bool
    { try await store.setFavourite(favourite, kind: kind, id: id, userID: userID, at: time) }

    func setRating(_ rating: Int?, kind: AnnotatedKind, id: String, userID: Int) async throws -> Bool {
      try await store.setRating(rating, kind: kind, id: id, userID: userID)
    }

    func recordPlay(trackID: String, userID: Int, at time: Int64) async throws -> Bool {
      try await store.recordPlay(trackID: trackID, userID: userID, at: time)
    }

    func favourites(userID: Int, limit: Int) async throws -> Favourites {
      try await store.favourites(userID: userID, limit: limit)
    }

    func recentlyPlayed(userID: Int, limit: Int) async throws -> RecentlyPlayed {
      try await store.recentlyPlayed(userID: userID, limit: limit)
    }
  }

  /// Who the other nodes were told of.
  final class Told: Sendable {
    private let people = Mutex<[Int]>([])
    var all: [Int] { people.withLock { $0 } }
    func add(_ userID: Int) { people.withLock { $0.append(userID) } }
  }

  @Test func writesShowAtOnceHereAndOnAnotherNodeWhenItIsTold() async throws {
    try await StoreBackends.sqlite.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      _ = try await AnnotationStoreContract.library(storage)
      let told = Told()
      let here = RememberedAnnotations(storage.annotations) { told.add($0) }
      let there = RememberedAnnotations(storage.annotations) { _ in }
      #expect(try await here.annotations(kind: .tracks, ids: ["sha256:a1"], userID: ann.id).isEmpty)
      #expect(try await there.annotations(kind: .tracks, userID: ann.id).isEmpty)

      #expect(try await here.setFavourite(true, kind: .tracks, id: "sha256:a1", userID: ann.id, at: 7))
      #expect(
        try await here.annotations(kind: .tracks, ids: ["sha256:a1"], userID: ann.id)["sha256:a1"]?.favouriteAt == 7)
      #expect(told.all == [ann.id])
      // The other node shows what it kept until it hears of the change.
      #expect(try await there.annotations(kind: .tracks, userID: ann.id).isEmpty)
      there.forget(userID: ann.id)
      #expect(try await there.annotations(kind: .tracks, userID: ann.id)["sha256:a1"]?.favouriteAt == 7)

      #expect(try await here.recordPlay(trackID: "sha256:a2", userID: ann.id, at: 9))
      #expect(try await here.annotations(kind: .albums, userID: ann.id).values.map(\.playCount) == [1])
      #expect(try await here.setRating(2, kind: .tracks, id: "sha256:b1", userID: ann.id))
      #expect(try await here.annotations(kind: .tracks, ids: ["sha256:b1"], userID: ann.id)["sha256:b1"]?.rating == 2)
      // A write refused (no such track) changed nothing: nobody is told.
      #expect(try await here.setRating(2, kind: .tracks, id: "sha256:none", userID: ann.id) == false)
      #expect(told.all == [ann.id, ann.id, ann.id])
    }
  }

  @Test func aReadThatRacedAWriteIsNotKept() async throws {
    try await StoreBackends.sqlite.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      _ = try await AnnotationStoreContract.library(storage)
      let watched = WatchedStore(storage.annotations)
      let remembered = RememberedAnnotations(watched) { _ in }
      watched.holdNextRead()
      let early = Task { try await remembered.annotations(kind: .tracks, userID: ann.id) }
      while !watched.isHolding { await Task.yield() }  // it has read: nothing yet
      #expect(try await remembered.setFavourite(true, kind: .tracks, id: "sha256:a1", userID: ann.id, at: 3))
      #expect(watched.release())
      #expect(try await early.value.isEmpty)
      // What it read before the write is not what it shows now.
      #expect(try await remembered.annotations(kind: .tracks, userID: ann.id)["sha256:a1"]?.favouriteAt == 3)
    }
  }

  @Test func theLeastRecentlyAskedAreForgottenPastTheCapacity() async throws {
    try await StoreBackends.sqlite.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let bob = try await Fixture.user("Bob", in: storage)
      _ = try await AnnotationStoreContract.library(storage)
      for id in ["sha256:a1", "sha256:a2"] {
        try await storage.annotations.setRating(3, kind: .tracks, id: id, userID: ann.id)
      }
      try await storage.annotations.setRating(4, kind: .tracks, id: "sha256:b1", userID: bob.id)
      let watched = WatchedStore(storage.annotations)
      let remembered = RememberedAnnotations(watched, capacity: 2) { _ in }
      for _ in 0..<3 { #expect(try await remembered.annotations(kind: .tracks, userID: ann.id).count == 2) }
      #expect(watched.reads == 1)
      // Bob's one and Ann's two are more than two: Ann's, asked for longest ago, go.
      #expect(try await remembered.annotations(kind: .tracks, userID: bob.id).count == 1)
      #expect(try await remembered.annotations(kind: .tracks, userID: bob.id).count == 1)
      #expect(watched.reads == 2)
      #expect(try await remembered.annotations(kind: .tracks, userID: ann.id).count == 2)
      #expect(watched.reads == 3)
      // More than the capacity alone: read from the store every time, and right.
      let small = RememberedAnnotations(watched, capacity: 1) { _ in }
      for _ in 0..<2 { #expect(try await small.annotations(kind: .tracks, userID: ann.id).count == 2) }
      #expect(watched.reads == 5)
    }
  }
}
