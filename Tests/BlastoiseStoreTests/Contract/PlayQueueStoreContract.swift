import BlastoiseCore
import Testing

/// What every backend's `PlayQueueStore` and `MediaBookmarkStore` must do: one queue a person,
/// replaced whole and cleared; one bookmark a person and item, moved in place keeping when it was
/// made, listed the latest changed first, removed; each person's their own.
@Suite struct PlayQueueStoreContract {
  @Test(arguments: StoreBackends.all)
  func aPersonsQueueIsReplacedWholeAndCleared(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("ann", in: storage)
      let bob = try await Fixture.user("bob", in: storage)
      let queues = storage.playQueues
      #expect(try await queues.playQueue(userID: ann.id) == nil)
      let first = StoredPlayQueue(
        trackIDs: ["t1", "t2", "t1"], currentIndex: 2, position: 61_500, changedAt: 1_000, changedBy: "Symfonium")
      try await queues.save(first, userID: ann.id)
      #expect(try await queues.playQueue(userID: ann.id) == first)
      let second = StoredPlayQueue(trackIDs: ["t3"], currentIndex: nil, position: 0, changedAt: 2_000, changedBy: "")
      try await queues.save(second, userID: ann.id)
      #expect(try await queues.playQueue(userID: ann.id) == second)
      #expect(try await queues.playQueue(userID: bob.id) == nil)
      try await queues.clear(userID: ann.id)
      #expect(try await queues.playQueue(userID: ann.id) == nil)
    }
  }

  @Test(arguments: StoreBackends.all)
  func oneBookmarkAPersonAndItemMovedInPlace(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("ann", in: storage)
      let bob = try await Fixture.user("bob", in: storage)
      let marks = storage.mediaBookmarks
      try await marks.setMediaBookmark(
        MediaBookmark(mediaID: "t1", position: 5_000, comment: "chorus", createdAt: 1_000, changedAt: 1_000),
        userID: ann.id)
      try await marks.setMediaBookmark(
        MediaBookmark(mediaID: "t2", position: 9_000, comment: nil, createdAt: 2_000, changedAt: 2_000), userID: ann.id)
      try await marks.setMediaBookmark(
        MediaBookmark(mediaID: "t1", position: 7_000, comment: "bridge", createdAt: 3_000, changedAt: 3_000),
        userID: ann.id)
      let listed = try await marks.mediaBookmarks(userID: ann.id)
      #expect(
        listed == [
          MediaBookmark(mediaID: "t1", position: 7_000, comment: "bridge", createdAt: 1_000, changedAt: 3_000),
          MediaBookmark(mediaID: "t2", position: 9_000, comment: nil, createdAt: 2_000, changedAt: 2_000),
        ])
      #expect(try await marks.mediaBookmarks(userID: bob.id).isEmpty)
      #expect(try await !marks.removeMediaBookmark(mediaID: "t1", userID: bob.id))
      #expect(try await marks.removeMediaBookmark(mediaID: "t1", userID: ann.id))
      #expect(try await marks.mediaBookmarks(userID: ann.id).map(\.mediaID) == ["t2"])
    }
  }
}
