import BlastoiseCore
import BlastoiseProtocol
import BlastoiseSubsonic

/// The saved play queue (`getPlayQueue`/`savePlayQueue`, and by index: the `indexBasedQueue`
/// extension, where a song may be in the queue twice) and bookmarks (`getBookmarks`,
/// `createBookmark`, `deleteBookmark`): where a person was, for their other apps to go on from.
struct SubsonicPlayQueues: Sendable {
  let queues: any PlayQueueStore
  let bookmarks: any MediaBookmarkStore
  let library: SubsonicLibrary
  let clock: any WallClock

  var endpoints: [String: SubsonicEndpoint] {
    [
      "getPlayQueue": .answer { call in try await queue(call, byIndex: false) },
      "getPlayQueueByIndex": .answer { call in try await queue(call, byIndex: true) },
      "savePlayQueue": .answer { call in
        let ids = call.parameters.strings("id")
        // OpenSubsonic: `current` is required unless the queue is empty.
        let current = call.parameters.string("current")
        if !ids.isEmpty, current == nil { throw SubsonicFailure.missing("current") }
        guard current == nil || ids.contains(current!) else {
          throw SubsonicFailure(.generic, "'current' is the ID of a song in the queue")
        }
        try await save(call, ids: ids, index: current.flatMap { ids.firstIndex(of: $0) })
        return nil
      },
      "savePlayQueueByIndex": .answer { call in
        let ids = call.parameters.strings("id")
        let index = try call.parameters.int("currentIndex")
        if ids.isEmpty {
          guard index == nil else { throw SubsonicFailure(.missingParameter, "An empty queue has no currentIndex") }
        } else {
          guard let index, ids.indices.contains(index) else {
            throw SubsonicFailure(.missingParameter, "currentIndex is from 0 to \(ids.count - 1)")
          }
        }
        try await save(call, ids: ids, index: index)
        return nil
      },
      "getBookmarks": .answer { call in
        var marks: [SubsonicElement] = []
        for mark in try await bookmarks.mediaBookmarks(userID: call.caller.userID) {
          guard let track = library.tracks.track(mark.mediaID) else { continue }
          let entry = try await library.songs([track], for: call.caller, name: "entry")
          marks.append(
            SubsonicElement(
              "bookmark",
              [
                "position": mark.position, "username": call.caller.username, "comment": mark.comment,
                "created": SubsonicItems.date(mark.createdAt), "changed": SubsonicItems.date(mark.changedAt),
              ], children: entry.map { .one($0) }))
        }
        return SubsonicElement("bookmarks", children: [.list("bookmark", marks)])
      },
      "createBookmark": .answer { call in
        let id = try call.parameters.required("id")
        _ = try await library.track(id)
        let position = try call.parameters.requiredInt("position", in: SubsonicParameters.positionRange)
        let comment = call.parameters.string("comment").map { String($0.prefix(1_000)) }
        let now = clock.milliseconds()
        try await bookmarks.setMediaBookmark(
          MediaBookmark(mediaID: id, position: Int64(position), comment: comment, createdAt: now, changedAt: now),
          userID: call.caller.userID)
        return nil
      },
      "deleteBookmark": .answer { call in
        guard
          try await bookmarks.removeMediaBookmark(
            mediaID: try call.parameters.required("id"), userID: call.caller.userID)
        else { throw SubsonicFailure(.notFound, "No bookmark there") }
        return nil
      },
    ]
  }

  /// Every ID must be a song the library has; an empty queue clears the saved one.
  private func save(_ call: SubsonicCall, ids: [String], index: Int?) async throws {
    guard !ids.isEmpty else { return try await queues.clear(userID: call.caller.userID) }
    for id in ids { _ = try await library.track(id) }
    let position = try call.parameters.int("position", in: SubsonicParameters.positionRange) ?? 0
    try await queues.save(
      StoredPlayQueue(
        trackIDs: ids, currentIndex: index, position: Int64(position), changedAt: clock.milliseconds(),
        changedBy: String((call.parameters.string("c") ?? "").prefix(100))),
      userID: call.caller.userID)
  }

  /// The saved queue, the songs still in the library (the index moved past those gone); nothing
  /// when none was saved.
  private func queue(_ call: SubsonicCall, byIndex: Bool) async throws -> SubsonicElement? {
    guard let saved = try await queues.playQueue(userID: call.caller.userID) else { return nil }
    let kept = saved.trackIDs.enumerated().compactMap { index, id in library.tracks.track(id).map { (index, $0) } }
    let current = saved.currentIndex.flatMap { index in kept.firstIndex { $0.0 >= index } }
    let entries = try await library.songs(kept.map(\.1), for: call.caller, name: "entry")
    if byIndex {
      return SubsonicElement(
        "playQueueByIndex",
        [
          "currentIndex": current, "position": saved.position, "username": call.caller.username,
          "changed": SubsonicItems.date(saved.changedAt), "changedBy": saved.changedBy,
        ], children: [.list("entry", entries)])
    }
    return SubsonicElement(
      "playQueue",
      [
        "current": current.map { kept[$0].1.id }, "position": saved.position, "username": call.caller.username,
        "changed": SubsonicItems.date(saved.changedAt), "changedBy": saved.changedBy,
      ], children: [.list("entry", entries)])
  }
}
