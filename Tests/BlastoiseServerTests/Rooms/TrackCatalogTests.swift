import BlastoiseCore
import BlastoiseProtocol
import BlastoiseStore
import Foundation
import Testing

@testable import BlastoiseServer

/// `TrackCatalog` over a real SQLite store: what it answers is what the store lists, before and
/// after a rescan changed the library.
@Suite struct TrackCatalogTests {
  static func id(_ n: Int) -> String { "sha256:" + String(format: "%064x", n) }

  static func scanned(_ n: Int, path: String, title: String?, album: String?) -> ScannedTrack {
    ScannedTrack(
      file: LibraryFile(path: path, size: Int64(n), modified: Int64(n)), trackID: id(n), title: title,
      artist: "Sigur Rós", album: album, duration: Double(n) + 0.25, replayGainDb: n % 2 == 0 ? -6.5 : nil,
      replayPeak: nil,
      catalog: CatalogTags(
        albumArtist: album == nil ? nil : "Sigur Rós", trackNumber: n, trackTotal: 9, discNumber: 1,
        date: "1999-06-12", genres: n % 3 == 0 ? [] : ["Post-Rock", "Ambient"], composer: n % 2 == 0 ? "Jónsi" : nil,
        musicBrainz: MusicBrainzIDs(track: n % 2 == 0 ? "11111111-2222-3333-4444-55555555555\(n % 10)" : nil),
        lyrics: n == 1 ? "Hljóð" : nil))
  }

  /// Every track of the store, as the catalog makes it, in the store's order.
  static func expectSameAsStore(_ catalog: TrackCatalog, _ store: any LibraryStore) async throws {
    let tracks = try await store.tracks()
    for track in tracks {
      #expect(catalog.track(track.id) == track)
      #expect(catalog.duration(track.id) == track.duration)
    }
    #expect(catalog.availableIDs() == tracks.filter(\.available).map(\.id))
  }

  @Test func answersWhatTheStoreHoldsAndFollowsARescan() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("blastoise-catalog-\(UUID())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let storage = try SQLiteStorage(path: folder + "/blastoise.db")
    let store = storage.library
    let first = (1...8).map { n in
      Self.scanned(n, path: "/music/\(n).flac", title: n == 5 ? nil : "Tíðindi \(n)", album: n < 7 ? "Ágætis" : nil)
    }
    try await store.apply(scanned: first, missing: [])
    let catalog = TrackCatalog(store: store)
    #expect(catalog.track(Self.id(1)) == nil)
    try await catalog.refresh()
    try await Self.expectSameAsStore(catalog, store)
    #expect(catalog.track(Self.id(5))?.title == "5")
    #expect(catalog.unknown([Self.id(2), Self.id(9), "sha256:x"]) == [Self.id(9), "sha256:x"])

    // A rescan: one file is gone, one has new contents, one is new.
    try await store.apply(
      scanned: [
        Self.scanned(9, path: "/music/2.flac", title: "Ný", album: "Ágætis"),
        Self.scanned(10, path: "/music/10.flac", title: "Bónus", album: nil),
      ], missing: ["/music/3.flac"])
    #expect(catalog.unknown([Self.id(9)]) == [Self.id(9)])
    try await catalog.refresh()
    try await Self.expectSameAsStore(catalog, store)
    #expect(catalog.unknown([Self.id(9), Self.id(10)]).isEmpty)
    #expect(catalog.track(Self.id(3))?.available == false)
    #expect(catalog.availableIDs().contains(Self.id(3)) == false)
    #expect(catalog.track(Self.id(10))?.title == "Bónus")
    await storage.close()
  }
}
