import BlastoiseCore
import BlastoisePostgres

/// Wires a node's rooms to the other nodes through its PostgreSQL link: notices and ownership
/// from the link's thread go to the directory (in order, through one stream), changes go out.
enum RoomNodes {
  static func sharing(over link: PostgresRoomLink) -> RoomSharing {
    RoomSharing(isShared: true, announce: { await link.notify($0) }, wanted: { link.want($0) })
  }

  private enum Event: Sendable {
    case notice(RoomNotice)
    case ownership(RoomOwnership.Change)
    case reconnected
  }

  /// Starts the link; returns the task that hands its events to `directory` (cancel it on stop).
  static func start(_ link: PostgresRoomLink, directory: RoomDirectory) -> Task<Void, Never> {
    let (events, sink) = AsyncStream.makeStream(of: Event.self)
    link.start(
      .init(
        notice: { sink.yield(.notice($0)) }, ownership: { sink.yield(.ownership($0)) },
        reconnected: { sink.yield(.reconnected) }))
    return Task {
      for await event in events {
        switch event {
        case .notice(let notice): await directory.received(notice)
        case .ownership(let change): await directory.ownershipChanged(change)
        case .reconnected: await directory.resync()
        }
      }
    }
  }
}
