import BlastoiseCore
import BlastoiseProtocol
import Synchronization

/// Track metadata by ID for rooms (durations for the clock, tracks for states), refreshed when
/// the library changes.
final class TrackCatalog: Sendable {
  /// Each track once, in the library's order, and where each ID is in it: a 100,000-track
  /// library's `Track`s are some 80 MB, so they are not held a second time by ID.
  private struct Tracks {
    var all: [Track] = []
    var indexByID: [String: Int] = [:]

    subscript(id: String) -> Track? { indexByID[id].map { all[$0] } }
  }

  private let tracks = Mutex(Tracks())
  private let store: any LibraryStore
  /// One refresh at a time, so an older read never replaces a newer one.
  private let refreshing = AsyncGate()

  init(store: any LibraryStore) {
    self.store = store
  }

  func refresh() async throws {
    try await refreshing.withLock {
      let all = try await store.tracks()
      var indexByID: [String: Int] = [:]
      indexByID.reserveCapacity(all.count)
      for (index, track) in all.enumerated() where indexByID[track.id] == nil { indexByID[track.id] = index }
      tracks.withLock { $0 = Tracks(all: all, indexByID: indexByID) }
      FreedMemory.release()
    }
  }

  func track(_ id: String) -> Track? { tracks.withLock { $0[id] } }

  func duration(_ id: String) -> Double? { track(id)?.duration }

  /// IDs from `ids` that are not tracks of the library.
  func unknown(_ ids: [String]) -> [String] {
    tracks.withLock { known in ids.filter { known.indexByID[$0] == nil } }
  }

  func availableIDs() -> [String] {
    tracks.withLock { $0.all.filter(\.available).map(\.id) }
  }
}
