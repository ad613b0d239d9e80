import BlastoiseCore
import BlastoiseProtocol
import Testing

/// What every backend's `RoomChatStore` must do: messages come back oldest first, only the newest
/// `keep` stay per room (other rooms untouched), one message is found and deleted by ID, and a
/// deleted room takes its chat with it.
@Suite struct RoomChatStoreContract {
  static func message(_ id: String, _ text: String, at time: Int64, by user: Int = 1) -> ChatMessage {
    ChatMessage(id: id, userId: user, username: "ann", text: text, sentAt: time)
  }

  @Test(arguments: StoreBackends.all)
  func theNewestAreKeptOldestFirstPerRoom(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.rooms.insert(Fixture.room("r1"))
      try await storage.rooms.insert(Fixture.room("r2"))
      let chat = storage.roomChat
      for number in 1...5 {
        try await chat.add(Self.message("m\(number)", "hello \(number)", at: Int64(number)), roomID: "r1", keep: 3)
      }
      try await chat.add(Self.message("other", "elsewhere", at: 1), roomID: "r2", keep: 3)
      #expect(try await chat.recent(roomID: "r1", limit: 10).map(\.id) == ["m3", "m4", "m5"])
      #expect(try await chat.recent(roomID: "r1", limit: 2).map(\.text) == ["hello 4", "hello 5"])
      #expect(try await chat.recent(roomID: "r2", limit: 10) == [Self.message("other", "elsewhere", at: 1)])
      #expect(try await chat.recent(roomID: "none", limit: 10).isEmpty)
    }
  }

  @Test(arguments: StoreBackends.all)
  func aMessageIsFoundAndDeletedByIDAndGoesWithItsRoom(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      try await storage.rooms.insert(Fixture.room("r1"))
      let chat = storage.roomChat
      let markup = Self.message("m1", "<b>bold</b> & \"quoted\"\nsecond line", at: 10, by: 7)
      try await chat.add(markup, roomID: "r1", keep: 100)
      try await chat.add(Self.message("m2", "two", at: 11), roomID: "r1", keep: 100)
      #expect(try await chat.message(roomID: "r1", id: "m1") == markup)
      #expect(try await chat.message(roomID: "r2", id: "m1") == nil)
      #expect(try await chat.delete(roomID: "r1", id: "m1"))
      #expect(try await !chat.delete(roomID: "r1", id: "m1"))
      #expect(try await chat.recent(roomID: "r1", limit: 10).map(\.id) == ["m2"])
      try await storage.rooms.delete(id: "r1")
      #expect(try await chat.recent(roomID: "r1", limit: 10).isEmpty)
    }
  }
}
