import BlastoiseCore
import BlastoiseProtocol
import BlastoiseStoreShared
import Testing

/// Both backends take the same text: a NUL character, which PostgreSQL's text cannot hold, is
/// refused by either as bad input (a 400 on the wire, as schemathesis found it, not a 500), and
/// nothing of the write is kept.
@Suite struct TextRulesContract {
  /// The domain error `write` failed with; nil when it succeeded or failed otherwise.
  static func refusal(_ write: () async throws -> Void) async -> CoreError? {
    do {
      try await write()
      return nil
    } catch {
      return error as? CoreError
    }
  }

  @Test(arguments: StoreBackends.all)
  func aRoomNamedWithANULIsRefused(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let record = Fixture.room("room-1", name: "a\u{0}b")
      #expect(await Self.refusal { try await storage.rooms.insert(record) } == StoreFailures.nulInText)
      let rooms = try await storage.rooms.rooms()
      #expect(rooms.isEmpty)
    }
  }

  @Test(arguments: StoreBackends.all)
  func progressWithANULInItsFeedIsRefused(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("ann", in: storage)
      let episode = "https://a.example/1.mp3"
      let report = ProgressReport(position: 5, feed: "https://a.example/\u{0}", guid: "g")
      let error = await Self.refusal {
        _ = try await storage.progress.report(report, kind: .episodes, id: episode, userID: ann.id, now: 1)
      }
      #expect(error == StoreFailures.nulInText)
      let kept = try await storage.progress.progress(kind: .episodes, ids: [episode], userID: ann.id)
      #expect(kept.isEmpty)
    }
  }
}
