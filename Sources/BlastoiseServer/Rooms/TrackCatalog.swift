import BlastoiseCore
import BlastoiseProtocol
import Dispatch
import Synchronization

/// Track metadata by ID for rooms (durations for the clock, tracks for states), refreshed when
/// the library changes. Each track is kept once, in the library's order, packed (`PackedTracks`:
/// a 100,000-track library's `Track`s would be some 80 MB, packed they are about a quarter), and
/// made into a `Track` when asked for.
final class TrackCatalog: Sendable {
  private let tracks = Mutex(PackedTracks())
  private let store: any LibraryStore
  /// One refresh at a time, so an older read never replaces a newer one.
  private let refreshing = AsyncGate()
  /// Packing a large library takes a while (~0.1 s for 100,000 tracks): not on the Swift pool.
  private let packing = DispatchQueue(label: "blastoise.track-catalog")

  init(store: any LibraryStore) {
    self.store = store
  }

  func refresh() async throws {
    try await refreshing.withLock {
      let packed: PackedTracks
      do {  // the tracks read are freed before the trim
        let all = try await store.tracks()
        packed = try await BlockingWork.run(on: packing) { PackedTracks(all) }
      }
      tracks.withLock { $0 = packed }
      FreedMemory.release()
    }
  }

  func track(_ id: String) -> Track? {
    tracks.withLock { tracks in tracks.position(of: id).map { tracks.track(at: $0) } }
  }

  func duration(_ id: String) -> Double? {
    tracks.withLock { tracks in tracks.position(of: id).map { tracks.duration(at: $0) } }
  }

  /// IDs from `ids` that are not tracks of the library.
  func unknown(_ ids: [String]) -> [String] {
    tracks.withLock { tracks in ids.filter { tracks.position(of: $0) == nil } }
  }

  func availableIDs() -> [String] {
    tracks.withLock { tracks in (0..<tracks.count).filter { tracks.isAvailable(at: $0) }.map { tracks.id(at: $0) } }
  }
}
