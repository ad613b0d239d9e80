import BlastoiseCore
import BlastoiseStore
import BlastoiseSync
import Foundation
import Synchronization

@testable import BlastoiseServer

/// A `RoomActor` over a real SQLite storage in a temporary folder, with a library of two tracks
/// (`a` 100 s, `b` 200 s) and a `ManualClock`.
struct RoomActorFixture {
  static let trackA = "sha256:a"
  static let trackB = "sha256:b"

  let storage: any Storage
  let clock: ManualClock
  let room: RoomActor

  /// Runs `body` with a fresh fixture whose room holds `queue`, paused at its start; the folder
  /// is removed afterwards.
  static func with<T>(queue: [String] = [], _ body: (RoomActorFixture) async throws -> T) async throws -> T {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("blastoise-room-actor-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let storage = try SQLiteStorage(path: folder.appendingPathComponent("blastoise.db").path)
    do {
      let result = try await body(try await make(storage: storage, queue: queue))
      await storage.close()
      return result
    } catch {
      await storage.close()
      throw error
    }
  }

  private static func make(storage: any Storage, queue: [String]) async throws -> RoomActorFixture {
    try await storage.library.apply(
      scanned: [(trackA, 100.0), (trackB, 200.0)].map { id, duration in
        ScannedTrack(
          file: LibraryFile(path: "/music/\(id.suffix(1)).mp3", size: 1, modified: 1), trackID: id, title: nil,
          artist: nil, album: nil, duration: duration, replayGainDb: nil, replayPeak: nil)
      }, missing: [])
    let catalog = TrackCatalog(store: storage.library)
    try await catalog.refresh()
    let clock = ManualClock()
    let record = RoomRecord(
      id: "room-1", name: "Room", description: "", createdBy: nil, isDefault: false, queue: queue,
      clock: RoomClock(anchorTime: clock.now()), seq: 0)
    try await storage.rooms.insert(record)
    let room = RoomActor(record: record, store: storage.rooms, catalog: catalog, clock: clock) {}
    return RoomActorFixture(storage: storage, clock: clock, room: room)
  }

  /// A second actor for the same room and store, as another node would hold it; its notices
  /// are kept in `notices`.
  func otherNode(notices: NoticeLog) async -> RoomActor {
    let catalog = TrackCatalog(store: storage.library)
    try? await catalog.refresh()
    let sharing = RoomSharing(
      isShared: true, announce: { notices.append($0) }, wanted: { _ in }, listenerCounts: { _ in },
      chat: { _, _, _ in },
      event: { _, _ in })
    return RoomActor(record: await room.record, store: storage.rooms, catalog: catalog, clock: clock, sharing: sharing)
    {}
  }

  /// The room as stored.
  func stored() async throws -> RoomRecord? {
    try await storage.rooms.rooms().first
  }
}

/// Notices a room sent, in order.
final class NoticeLog: Sendable {
  private let notices = Mutex<[RoomNotice]>([])
  func append(_ notice: RoomNotice) { notices.withLock { $0.append(notice) } }
  var all: [RoomNotice] { notices.withLock { $0 } }
}
