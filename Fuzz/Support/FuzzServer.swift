import BlastoiseHTTP
import Foundation
import Synchronization

/// Lines the server logged since the last exchange.
private let serverLog = Mutex<[String]>([])

/// A real `HTTPServer` on a loopback port, for the fuzz targets that send whole requests: one
/// polling thread, so requests are handled one at a time, in order.
struct FuzzServer: Sendable {
  let port: UInt16

  init(routes: (inout Router) -> Void) {
    var router = Router()
    routes(&router)
    var configuration = HTTPServer.Configuration()
    configuration.threads = 1
    configuration.connectionTimeoutSeconds = 2  // the most a missed end of input (below) costs
    configuration.log = { line in serverLog.withLock { $0.append(line) } }
    let server = HTTPServer(router: router, configuration: configuration)
    do { try server.start() } catch { fatalError("the fuzz server did not start: \(error)") }
    port = server.port
  }

  /// Sends `request` on a fresh connection, ends the sending side and returns all the server sent
  /// until it closed. Traps when the server answered with a 5xx other than 501 (it logs each one)
  /// or neither answered nor closed within a minute (a hang guard).
  func exchange(_ request: [UInt8]) -> [UInt8] {
    let socket: Int32
    do {
      socket = try POSIXSocket.connect(host: "127.0.0.1", port: Int(port), timeout: 60)
    } catch {
      fatalError("cannot connect to the fuzz server: \(error)")
    }
    defer { POSIXSocket.closeDescriptor(socket) }
    POSIXSocket.setTimeout(socket, SO_RCVTIMEO, seconds: 60)
    try? POSIXSocket.sendAll(socket, request)  // the server may close early; what it answered is still read
    // libmicrohttpd reads a socket once per readiness edge, so an end of input that arrives with
    // the data goes unseen and the connection waits for its idle timeout: end the sending side
    // only once an answer has begun or, for a request that gets none, after a moment.
    var readable = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    _ = poll(&readable, 1, 20)
    shutdown(socket, Int32(SHUT_WR))
    var response: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = POSIXSocket.receive(socket, into: &buffer)
      if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { fatalError("no answer and no close in 60 s") }
      guard count > 0 else { break }
      response += buffer[..<count]
    }
    // 501 is the answer to a method HTTP does not define, not a failure.
    let logged = serverLog.withLock { lines in
      defer { lines = [] }
      return lines
    }
    for line in logged where line.hasPrefix("http: 5") && !line.hasPrefix("http: 501 ") {
      fatalError("server error: \(line)")
    }
    return response
  }

  /// The status of the first response in `bytes`.
  static func status(of bytes: [UInt8]) -> Int? {
    let head = String(decoding: bytes.prefix(12), as: UTF8.self)
    guard head.hasPrefix("HTTP/1.1 ") else { return nil }
    return Int(head.dropFirst(9))
  }
}
