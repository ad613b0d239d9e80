import BlastoiseClient
import BlastoiseProtocol
import BlastoiseServer
import BlastoiseSync
import BlastoiseTestSupport
import Foundation

/// A real Blastoise in this process on a loopback port with the demo library (four WAV tones,
/// 18–36 s), for the API client to talk to.
final class ClientTestServer: Sendable {
  let server: RunningServer
  let dataDirectory: String

  init(
    port: UInt16 = 0, dataDirectory: String? = nil, guests: Bool = false, audiobooks: String? = nil,
    jumpLead: Double = RoomClock.jumpLead
  ) async throws {
    let directory = try dataDirectory ?? Self.temporaryDirectory()
    var configuration = ServerConfiguration()
    configuration.host = "127.0.0.1"
    configuration.passwordHashCost = .minimum  // still argon2id; hundreds of accounts on two cores
    configuration.sessionCheckLimit = .seconds(300)  // only a hang guard beside every other test
    configuration.port = port
    configuration.dataDirectory = directory
    configuration.musicDirectory = directory + "/music"
    configuration.webDirectory = directory + "/web"
    configuration.demoLibrary = true
    configuration.allowGuests = guests
    configuration.audiobooksDirectory = audiobooks
    configuration.jumpLead = jumpLead
    self.dataDirectory = directory
    server = try await RunningServer.start(configuration)
  }

  var base: URL { URL(string: "http://127.0.0.1:\(server.port)")! }

  /// A client whose request timeout is only a hang guard: on a busy machine a sign-up (argon2id
  /// beside a whole test run) can take longer than an app's 30 s.
  func api(cookies: CookieJar = CookieJar()) -> BlastoiseAPI {
    BlastoiseAPI(baseURL: base, cookies: cookies, requestTimeout: 300)
  }

  func stop() async { await server.stop() }

  /// A signed-up client and the default room once the demo library is in its queue.
  func signedIn(_ name: String) async throws -> (BlastoiseAPI, RoomInfo) {
    let api = api()
    try await api.signUp(username: name, password: "password123")
    for _ in 0..<2400 {  // 60 s: a hang guard
      if let room = try await api.rooms().first(where: \.isDefault), room.trackCount > 0 { return (api, room) }
      try await Task.sleep(for: .milliseconds(25))
    }
    throw TestFailure("the default room never got its tracks")
  }

  static func temporaryDirectory() throws -> String {
    try TestRun.makeDirectory("client")
  }
}

struct TestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Collects a socket's events so a test can wait for one.
actor EventLog {
  private(set) var events: [RoomSocketEvent] = []

  init(_ socket: RoomSocket) {
    let stream = socket.events
    Task { await self.follow(stream) }
  }

  private func follow(_ stream: AsyncStream<RoomSocketEvent>) async {
    for await event in stream { events.append(event) }
  }

  /// Waits until an event matches (checking those already in); answers it.
  func next<T>(timeout: Double = 60, _ match: (RoomSocketEvent) -> T?) async throws -> T {
    var seen = 0
    let deadline = ContinuousClock.now + .seconds(timeout)
    while ContinuousClock.now < deadline {
      while seen < events.count {
        defer { seen += 1 }
        if let value = match(events[seen]) { return value }
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    throw TestFailure("no matching socket event within \(timeout) s; saw \(events)")
  }

  func clear() { events.removeAll() }
}

extension RoomSocketEvent {
  var state: RoomState? {
    if case .state(let state, _) = self { return state }
    return nil
  }
}

/// A small WAV tone (16-bit mono), for uploads.
func wavTone(seconds: Double, frequency: Double, rate: Int = 8000) -> Data {
  let count = Int(seconds * Double(rate))
  var samples = Data()
  for index in 0..<count {
    let value = Int16(8000 * sin(2 * Double.pi * frequency * Double(index) / Double(rate)))
    withUnsafeBytes(of: value.littleEndian) { samples.append(contentsOf: $0) }
  }
  var data = Data("RIFF".utf8)
  func append<T: FixedWidthInteger>(_ value: T) {
    withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
  }
  append(UInt32(36 + samples.count))
  data += Data("WAVEfmt ".utf8)
  append(UInt32(16))
  append(UInt16(1))
  append(UInt16(1))
  append(UInt32(rate))
  append(UInt32(rate * 2))
  append(UInt16(2))
  append(UInt16(16))
  data += Data("data".utf8)
  append(UInt32(samples.count))
  data += samples
  return data
}
