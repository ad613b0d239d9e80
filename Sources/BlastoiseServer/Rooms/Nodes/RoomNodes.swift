import BlastoiseCore
import BlastoisePostgres

/// Wires a node's rooms and library to the other nodes through its PostgreSQL link: notices and
/// ownership from the link's thread go to the directory (in order, through one stream), changes
/// go out; library notices make the library be read again, on a stream of their own (a reread
/// may take a while, and rooms must not wait for it) that keeps one pending: several notices
/// during a reread cost one more.
enum RoomNodes {
  static func sharing(over link: PostgresRoomLink) -> RoomSharing {
    RoomSharing(isShared: true, announce: { await link.notify($0) }, wanted: { link.want($0) })
  }

  private enum Event: Sendable {
    case notice(RoomNotice)
    case ownership(RoomOwnership.Change)
    case reconnected
  }

  /// Starts the link; returns the task that hands its events to `directory` and `library`
  /// (cancel it on stop).
  static func start(_ link: PostgresRoomLink, directory: RoomDirectory, library: LibraryService) -> Task<Void, Never> {
    let (events, sink) = AsyncStream.makeStream(of: Event.self)
    let (libraryChanges, librarySink) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    link.start(
      .init(
        notice: { sink.yield(.notice($0)) }, ownership: { sink.yield(.ownership($0)) },
        libraryChanged: { librarySink.yield() }, reconnected: { sink.yield(.reconnected) }))
    return Task {
      await withDiscardingTaskGroup { group in
        group.addTask {
          for await _ in libraryChanges { await library.changedElsewhere() }
        }
        var sessions = 0
        for await event in events {
          switch event {
          case .notice(let notice): await directory.received(notice)
          case .ownership(let change): await directory.ownershipChanged(change)
          case .reconnected:
            // Library notices sent while the link was down are lost (none before the first session).
            sessions += 1
            if sessions > 1 { librarySink.yield() }
            await directory.resync()
          }
        }
        group.cancelAll()
      }
    }
  }
}
