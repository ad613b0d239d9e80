import BlastoiseStore
import Foundation
import Synchronization
import Testing

/// A database write that cannot finish (another process holds the write lock, as a stuck disk
/// would hold an fsync) must not stop the rest of the server: its blocking SQLite work waits on
/// the store's own thread, never on the Swift pool the requests and sockets run on.
@Suite struct StuckStoreTests {
  @Test func theServerAnswersWhileStoreWritesAreStuck() async throws {
    // Writes wait for the lock far longer than this test holds it (unless something hangs).
    let server = try await TestServer { $0.storeBusyTimeout = .seconds(300) }
    defer { try? FileManager.default.removeItem(atPath: server.dataDirectory) }
    let ann = server.client()
    #expect(try await ann.signUp("ann").status == 200)
    let room =
      try #require(
        try JSONSerialization.jsonObject(with: try await ann.get("/api/channels").body) as? [[String: Any]]
      ).first?["id"] as? String
    let roomPath = "/api/channels/\(try #require(room))/ws"
    let watcher = try await SocketClient.connect(port: server.server.port, path: roomPath, cookie: ann.cookie)
    let controller = try await SocketClient.connect(port: server.server.port, path: roomPath, cookie: ann.cookie)
    var leaver: SocketClient? = try await SocketClient.connect(
      port: server.server.port, path: roomPath, cookie: ann.cookie)
    _ = try await watcher.state(timeout: 60) { $0["listenerCount"] as? Int == 3 }

    let lock = try ExternalWriteLock(path: server.dataDirectory + "/blastoise.db")
    // Writes that now wait for the lock: a room change and two sign-ups.
    try await controller.send(json: ["action": "pause"])
    #expect(leaver != nil)
    let finished = FinishedRequests()
    let signUps = (0..<2).map { index in
      Task {
        let status = try await server.client().signUp("waiting\(index)").status
        finished.append(status)
        return status
      }
    }

    // Requests that need no write are answered meanwhile…
    let status = try await ann.get("/api/status")
    #expect(status.status == 200)
    // …a socket ping is answered…
    try await watcher.send(json: ["action": "ping", "clientTime": 42])
    let pong = try await watcher.message(timeout: 60) { $0["type"] as? String == "pong" }
    #expect(pong["clientTime"] as? Double == 42)
    // …and a room still tells its listeners who left.
    leaver = nil  // its socket closes
    _ = try await watcher.state(timeout: 60) { $0["listenerCount"] as? Int == 2 }
    // All of that while the writes were still waiting.
    #expect(finished.values.isEmpty)
    lock.release()

    // The waiting writes then finish, and nothing was lost.
    for task in signUps { #expect(try await task.value == 200) }
    // And the room takes changes again.
    try await controller.send(json: ["action": "pause"])
    _ = try await watcher.state(timeout: 60) { $0["paused"] as? Bool == true }
  }

  /// A read takes no write lock: the playlists are answered while another process holds it (a
  /// read in a write transaction would wait for the lock and answer 503).
  @Test func playlistsAreReadWhileAnotherProcessHoldsTheWriteLock() async throws {
    let server = try await TestServer()
    defer { try? FileManager.default.removeItem(atPath: server.dataDirectory) }
    let ann = server.client()
    #expect(try await ann.signUp("ann").status == 200)
    #expect(try await ann.post("/api/playlists", #"{"name":"Mix"}"#).status == 200)
    let lock = try ExternalWriteLock(path: server.dataDirectory + "/blastoise.db")
    let answer = try await ann.get("/api/playlists")
    lock.release()
    #expect(answer.status == 200, "\(answer.text)")
    let mine = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
    #expect((mine?["mine"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Mix"])
    await server.stop()
  }
}

final class FinishedRequests: Sendable {
  private let list = Mutex<[Int]>([])
  func append(_ value: Int) { list.withLock { $0.append(value) } }
  var values: [Int] { list.withLock { $0 } }
}

/// Holds SQLite's write lock on a database file from another connection, on a thread of its
/// own, until released.
final class ExternalWriteLock: Sendable {
  private let released = DispatchSemaphore(value: 0)

  init(path: String) throws {
    let database = try SQLiteDatabase(path: path)
    let acquired = DispatchSemaphore(value: 0)
    let released = released
    Thread {
      _ = try? database.write { _ in
        acquired.signal()
        released.wait()
      }
      database.close()
    }.start()
    acquired.wait()
  }

  func release() { released.signal() }
}
