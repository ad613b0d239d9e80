import BlastoiseCore
import BlastoiseProtocol
import Synchronization

/// Track metadata by ID for rooms (durations for the clock, tracks for states), refreshed when
/// the library changes.
final class TrackCatalog: Sendable {
  private let tracks = Mutex<[String: Track]>([:])
  private let store: any LibraryStore

  init(store: any LibraryStore) throws {
    self.store = store
    try refresh()
  }

  func refresh() throws {
    let all = try store.tracks()
    tracks.withLock { $0 = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }) }
  }

  func track(_ id: String) -> Track? { tracks.withLock { $0[id] } }

  func duration(_ id: String) -> Double? { track(id)?.duration }

  /// IDs from `ids` that are not tracks of the library.
  func unknown(_ ids: [String]) -> [String] {
    tracks.withLock { known in ids.filter { known[$0] == nil } }
  }

  func availableIDs() -> [String] {
    (try? store.tracks().filter(\.available).map(\.id)) ?? []
  }
}
