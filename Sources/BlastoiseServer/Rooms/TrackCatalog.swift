import BlastoiseCore
import BlastoiseProtocol
import BlastoiseSync
import Dispatch
import Synchronization

/// Track metadata by ID for rooms (durations for the clock, tracks for states), refreshed when
/// the library changes. Each track is kept once, in the library's order, packed (`PackedTracks`:
/// a 100,000-track library's `Track`s would be some 80 MB, packed they are about a quarter), and
/// made into a `Track` when asked for.
///
/// Rooms also play episodes and book files (`SpokenItems`): those are looked up once, when a
/// queue first names them (`resolve`), and kept beside the library's tracks.
final class TrackCatalog: Sendable {
  private let tracks = Mutex(PackedTracks())
  private let spoken = Mutex<[String: SpokenEntry]>([:])
  private let store: any LibraryStore
  private let spokenLookup: (any SpokenLookup)?
  /// One refresh at a time, so an older read never replaces a newer one.
  private let refreshing = AsyncGate()
  /// Packing a large library takes a while (~0.1 s for 100,000 tracks): not on the Swift pool.
  private let packing = DispatchQueue(label: "blastoise.track-catalog")

  init(store: any LibraryStore, spoken: (any SpokenLookup)? = nil) {
    self.store = store
    spokenLookup = spoken
  }

  /// Looks up the IDs of `ids` that are neither library tracks nor known episodes or book
  /// files; what is found is kept (a downloaded episode's file never changes: it is named by its
  /// content).
  func resolve(_ ids: [String]) async {
    guard let spokenLookup else { return }
    for id in Set(unknown(ids)) {
      if let entry = await spokenLookup.entry(id) { spoken.withLock { $0[id] = entry } }
    }
  }

  /// What an entry moves in people's spoken word progress; nil for a music track.
  func spokenRef(_ id: String) -> SpokenRef? { spoken.withLock { $0[id]?.ref } }

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
      ?? spoken.withLock { $0[id]?.track }
  }

  func duration(_ id: String) -> Double? {
    tracks.withLock { tracks in tracks.position(of: id).map { tracks.duration(at: $0) } }
      ?? spoken.withLock { $0[id]?.track.duration }
  }

  /// IDs from `ids` that are neither tracks of the library nor episodes or book files found so far.
  func unknown(_ ids: [String]) -> [String] {
    let notTracks = tracks.withLock { tracks in ids.filter { tracks.position(of: $0) == nil } }
    guard !notTracks.isEmpty else { return [] }
    return spoken.withLock { spoken in notTracks.filter { spoken[$0] == nil } }
  }

  func availableIDs() -> [String] {
    tracks.withLock { tracks in tracks.availablePositions.map { tracks.id(at: Int($0)) } }
  }

  /// How many tracks' files are present.
  var availableCount: Int { tracks.withLock { $0.availablePositions.count } }

  /// `range` of the present tracks, in the library's order (clamped to them).
  func availableTracks(_ range: Range<Int>) -> [Track] {
    tracks.withLock { tracks in
      let positions = tracks.availablePositions
      let clamped = range.clamped(to: 0..<positions.count)
      return positions[clamped].map { tracks.track(at: Int($0)) }
    }
  }

  /// `count` present tracks drawn at random (each once), or all of them when fewer.
  func randomAvailableTracks(_ count: Int) -> [Track] {
    tracks.withLock { tracks in
      let positions = tracks.availablePositions
      guard count < positions.count else { return positions.shuffled().map { tracks.track(at: Int($0)) } }
      var chosen = Set<UInt32>()
      while chosen.count < count { chosen.insert(positions[Int.random(in: 0..<positions.count)]) }
      return chosen.map { tracks.track(at: Int($0)) }
    }
  }
}
