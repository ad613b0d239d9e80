import BlastoiseCore
import BlastoiseProtocol
import Synchronization

/// Track metadata by ID for rooms (durations for the clock, tracks for states), refreshed when
/// the library changes.
final class TrackCatalog: Sendable {
  private struct Tracks {
    var byID: [String: Track] = [:]
    /// In the library's order.
    var all: [Track] = []
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
      let byID = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      tracks.withLock { $0 = Tracks(byID: byID, all: all) }
    }
  }

  func track(_ id: String) -> Track? { tracks.withLock { $0.byID[id] } }

  func duration(_ id: String) -> Double? { track(id)?.duration }

  /// IDs from `ids` that are not tracks of the library.
  func unknown(_ ids: [String]) -> [String] {
    tracks.withLock { known in ids.filter { known.byID[$0] == nil } }
  }

  func availableIDs() -> [String] {
    tracks.withLock { $0.all.filter(\.available).map(\.id) }
  }
}
