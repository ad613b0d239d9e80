// A WebSocket echo server in a process of its own, for the test that measures how much memory a
// client that never reads costs the server: the test reads this process's resident size from
// /proc, which nothing else running in the test process can disturb. Prints `port N` once
// listening; exits when its standard input ends (the test is done, or gone).
import BlastoiseHTTP
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

let opened = Mutex<[WebSocketConnection]>([])
let closed = Mutex<[UInt64: UInt16]>([:])

var router = Router()
router.immediate(.get, "/ws") { (request) throws(HTTPError) -> HTTPResponse in
  try WebSocketUpgrade.response(for: request) { connection in
    opened.withLock { $0.append(connection) }
    return WebSocketCallbacks(
      onText: { connection, text in connection.send(text: text) },
      onClose: { connection, code in closed.withLock { $0[connection.id] = code?.rawValue ?? 0 } })
  }
}
router.immediate(.get, "/ok") { _ in .text("ok") }
// Sends up to 16,000 distinct 16 KiB messages (256 MiB if the server queued them all) to the
// first socket opened, stopping once the server gave up on it; answers how many it sent and the
// close code (0: closed without one; absent: still open after a minute).
router.on(.post, "/flood") { _ in
  guard let slow = opened.withLock({ $0.first }) else { throw HTTPError(.badRequest, "no socket") }
  var sent = 16_000
  for index in 0..<16_000 {
    if index % 100 == 0, closed.withLock({ $0[slow.id] }) != nil {
      sent = index
      break
    }
    slow.send(text: String(repeating: Character(Unicode.Scalar(UInt8(65 + index % 26))), count: 16 * 1024))
  }
  let deadline = ContinuousClock.now + .seconds(60)
  while closed.withLock({ $0[slow.id] }) == nil, ContinuousClock.now < deadline {
    try await Task.sleep(for: .milliseconds(10))
  }
  var answer = ["sent": sent]
  if let code = closed.withLock({ $0[slow.id] }) { answer["closeCode"] = Int(code) }
  return .json(answer)
}

var configuration = HTTPServer.Configuration()
configuration.host = "127.0.0.1"
configuration.port = 0
configuration.webSocket.maxQueuedBytes = 256 * 1024
configuration.log = { _ in }
let server = HTTPServer(router: router, configuration: configuration)
do {
  try server.start()
} catch {
  FileHandle.standardError.write(Data("cannot start: \(error)\n".utf8))
  exit(1)
}
FileHandle.standardOutput.write(Data("port \(server.port)\n".utf8))
while readLine() != nil {}
exit(0)
