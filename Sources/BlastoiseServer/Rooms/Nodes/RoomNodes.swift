import BlastoiseCore
import BlastoisePostgres

/// Wires a node's rooms, library, import jobs, annotations and now playing to the other nodes
/// through its PostgreSQL link: notices, listener counts and ownership from the link's thread go
/// to the directory (in order, through one stream), changes go out; annotation and playback
/// notices are taken at once (memory only); library and job notices make the library or the jobs be
/// read again, each on a stream of its own (a reread may take a while, and rooms must not wait
/// for it) that keeps one pending: several notices during a reread cost one more.
enum RoomNodes {
  static func sharing(over link: PostgresRoomLink) -> RoomSharing {
    RoomSharing(
      isShared: true, announce: { await link.notify($0) }, wanted: { link.want($0) },
      listenerCounts: { await link.notifyListenerCounts($0) },
      chat: { await link.notifyChat(roomID: $0, messageID: $1, change: $2) },
      event: { await link.notifyRoomEvent(roomID: $0, event: $1) })
  }

  private enum Event: Sendable {
    case notice(RoomNotice)
    case ownership(RoomOwnership.Change)
    case listenerCounts(ListenerCountNotice)
    case chat(ChatNotice)
    case roomEvent(RoomEventNotice)
    case reconnected
  }

  /// How often the other nodes' counts are checked for expiry; every third time this node's
  /// own are sent again (`ListenerCountSender.heartbeat`).
  static let countsTick: Duration = ListenerCountSender.heartbeat / 3

  /// What follows the other nodes' changes besides the rooms.
  struct Followers: Sendable {
    let library: LibraryService
    let imports: ImportService
    let annotations: RememberedAnnotations
    let nowPlaying: SubsonicNowPlaying
  }

  /// Starts the link; returns the task that hands its events to `directory` and `followers`
  /// (cancel it on stop).
  static func start(_ link: PostgresRoomLink, directory: RoomDirectory, followers: Followers) -> Task<Void, Never> {
    let (library, imports, annotations) = (followers.library, followers.imports, followers.annotations)
    let (events, sink) = AsyncStream.makeStream(of: Event.self)
    let (libraryChanges, librarySink) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let (jobChanges, jobsSink) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    link.start(
      .init(
        notice: { sink.yield(.notice($0)) }, ownership: { sink.yield(.ownership($0)) },
        libraryChanged: { librarySink.yield() }, listenerCounts: { sink.yield(.listenerCounts($0)) },
        jobsChanged: { jobsSink.yield() }, chat: { sink.yield(.chat($0)) },
        roomEvent: { sink.yield(.roomEvent($0)) }, annotationsChanged: { annotations.forget(userID: $0) },
        playbackReport: { followers.nowPlaying.heard($0.report, by: $0.username) },
        reconnected: { sink.yield(.reconnected) }))
    return Task {
      await withDiscardingTaskGroup { group in
        group.addTask {
          for await _ in libraryChanges { await library.changedElsewhere() }
        }
        group.addTask {
          for await _ in jobChanges { await imports.changedElsewhere() }
        }
        group.addTask { await keepCounts(directory) }
        var sessions = 0
        for await event in events {
          switch event {
          case .notice(let notice): await directory.received(notice)
          case .ownership(let change): await directory.ownershipChanged(change)
          case .listenerCounts(let notice): await directory.heard(notice)
          case .chat(let notice): await directory.room(notice.roomID)?.chatElsewhere(notice)
          case .roomEvent(let notice): await directory.heard(notice)
          case .reconnected:
            // Notices sent while the link was down are lost (none before the first session).
            sessions += 1
            if sessions > 1 {
              librarySink.yield()
              jobsSink.yield()
              annotations.forgetAll()
            }
            await directory.resync()
            await directory.sendListenerCounts(all: true)
          }
        }
        group.cancelAll()
      }
    }
  }

  /// Expires the counts of nodes gone quiet and sends this node's own now and then.
  private static func keepCounts(_ directory: RoomDirectory) async {
    var ticks = 0
    while (try? await Task.sleep(for: countsTick)) != nil {
      ticks += 1
      await directory.expireListenerCounts()
      if ticks % 3 == 0 { await directory.sendListenerCounts(all: true) }
    }
  }
}
