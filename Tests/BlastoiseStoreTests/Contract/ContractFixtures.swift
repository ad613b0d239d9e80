import BlastoiseCore
import BlastoiseProtocol
import BlastoiseSync
import Foundation
import Synchronization

/// Values the contract tests store, built only from the domain's types.
enum Fixture {
  /// An account whose key is its lower-cased name.
  @discardableResult
  static func user(_ name: String, role: Role = .user, in storage: any Storage) async throws -> StoredUser {
    try await storage.accounts.createUser(
      username: name, usernameKey: name.lowercased(), passwordHash: role == .guest ? nil : "hash-of-\(name)",
      role: role, firstAllowed: true)
  }

  static func session(_ tokenHash: String, of user: StoredUser, createdAt: Int64 = 1_000, lastSeenAt: Int64? = nil)
    -> StoredSession
  {
    StoredSession(tokenHash: tokenHash, userID: user.id, createdAt: createdAt, lastSeenAt: lastSeenAt ?? createdAt)
  }

  static func playlist(
    _ id: String, owner: StoredUser, name: String? = nil, isPublic: Bool = false, shareToken: String? = nil,
    tracks: [String] = [], createdAt: Int64 = 1_000
  ) -> Playlist {
    Playlist(
      id: id, name: name ?? "List \(id)", description: "About \(id)", ownerId: owner.id, ownerName: "",
      isPublic: isPublic, shareToken: shareToken, trackIds: tracks, createdAt: createdAt, updatedAt: createdAt)
  }

  static func room(
    _ id: String, name: String? = nil, createdBy: Int? = nil, isDefault: Bool = false, queue: [String] = [],
    clock: RoomClock = RoomClock(), seq: Int64 = 0
  ) -> RoomRecord {
    RoomRecord(
      id: id, name: name ?? "Room \(id)", description: "About \(id)", createdBy: createdBy, isDefault: isDefault,
      queue: queue, clock: clock, seq: seq)
  }

  static func scanned(
    _ path: String, track trackID: String, title: String? = nil, artist: String? = nil, album: String? = nil,
    duration: Double = 180, size: Int64 = 1_000, modified: Int64 = 1_700_000_000_000_000_000,
    bitRate: Int? = nil, coverID: String? = nil, catalog: CatalogTags = CatalogTags()
  ) -> ScannedTrack {
    ScannedTrack(
      file: LibraryFile(path: path, size: size, modified: modified), trackID: trackID, title: title, artist: artist,
      album: album, duration: duration, replayGainDb: nil, replayPeak: nil, bitRate: bitRate, coverID: coverID,
      catalog: catalog)
  }

  /// A track with catalog tags, at `/music/<id>.flac`.
  static func song(
    _ id: String, _ title: String, by artist: String?, on album: String?, albumArtist: String? = nil,
    disc: Int? = nil, number: Int? = nil, date: String? = nil, genres: [String] = [], compilation: Bool = false,
    musicBrainzAlbum: String? = nil, lyrics: String? = nil, cover: String? = nil
  ) -> ScannedTrack {
    let tags = CatalogTags(
      albumArtist: albumArtist, trackNumber: number, discNumber: disc, date: date, genres: genres,
      compilation: compilation, musicBrainz: MusicBrainzIDs(album: musicBrainzAlbum), lyrics: lyrics)
    return scanned(
      "/music/\(id).flac", track: "sha256:\(id)", title: title, artist: artist, album: album, coverID: cover,
      catalog: tags)
  }

  static func job(
    _ id: String, owner: StoredUser, status: ImportJobStatus = .queued, playlistID: String? = nil,
    playlistIndex: Int? = nil, createdAt: Int64 = 1_000
  ) -> ImportJobRecord {
    ImportJobRecord(
      id: id, ownerID: owner.id, ownerName: "stale name", ownerRole: .guest, url: "https://example.com/\(id)",
      title: "Title \(id)", status: status, playlistID: playlistID, playlistIndex: playlistIndex,
      createdAt: createdAt, updatedAt: createdAt)
  }
}

/// The guard's generous limit passed: the awaited work is stuck (a deadlock), not slow.
struct HangGuardExpired: Error {}

/// Awaits `work`, or throws `HangGuardExpired` if it has not finished after `seconds`. Only a
/// guard against hangs, never a speed check: the limit is far beyond any slow machine.
func withHangGuard<T: Sendable>(seconds: Double = 600, _ work: @escaping @Sendable () async throws -> T)
  async throws -> T
{
  let outcome = Mutex<CheckedContinuation<T, any Error>?>(nil)
  let finish: @Sendable (Result<T, any Error>) -> Void = { result in
    outcome.withLock { continuation in
      continuation?.resume(with: result)
      continuation = nil
    }
  }
  var tasks: [Task<Void, Never>] = []
  defer { for task in tasks { task.cancel() } }
  return try await withCheckedThrowingContinuation { continuation in
    outcome.withLock { $0 = continuation }
    // Unstructured on purpose: a stuck `work` must not keep this call waiting for it.
    tasks.append(
      Task {
        do { finish(.success(try await work())) } catch { finish(.failure(error)) }
      })
    tasks.append(
      Task {
        guard (try? await Task.sleep(for: .seconds(seconds))) != nil else { return }
        finish(.failure(HangGuardExpired()))
      })
  }
}
