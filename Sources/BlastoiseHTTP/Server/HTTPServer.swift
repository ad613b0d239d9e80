import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP/1.1 + WebSocket server on libmicrohttpd. It knows nothing about music: it routes
/// requests to handlers, enforces body policies, and hands upgraded sockets to a `WebSocketHub`.
public final class HTTPServer: Sendable {
  public struct Configuration: Sendable {
    public var host = "127.0.0.1"
    public var port: UInt16 = 0
    public var threads = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// Every connection is a descriptor: keep this under the open-file limit, with room for the
    /// rest of the process.
    public var connectionLimit = 20_000
    /// Connections one client address may hold at once; more are closed as they are accepted.
    /// 0: no cap. (Behind a reverse proxy every client has the proxy's address.)
    public var connectionsPerAddress = 128
    /// A connection idle this long (slow or stalled client) is closed.
    public var connectionTimeoutSeconds = 30
    /// A request head (request line and headers) must be in this long after the connection opened,
    /// or after the first byte of the next request on a kept-alive one (a second while the server is
    /// crowded); a byte now and then does not extend it (see `HeadDeadlines`).
    public var headTimeout: Duration = .seconds(10)
    /// Caps the request line plus headers; beyond it the client gets 431.
    public var connectionMemoryLimit = 32 * 1024
    /// File bodies are sent from shared read-only mappings (see `FileMappings`); beyond this many
    /// mapped files the least recently used idle ones are unmapped.
    public var mappedFileLimit = 256
    public var webSocket = WebSocketHub.Configuration()
    /// Runs after routing and before any body byte is read; a thrown error refuses the request.
    /// The application checks Origin and authentication here.
    public var preflight: (@Sendable (HTTPRequest, Route) throws(HTTPError) -> Void)?
    /// Turns an error that is not an `HTTPError` into a response (the application maps its domain
    /// errors in one place). The default answers 500 and logs.
    public var errorResponse: (@Sendable (any Error) -> HTTPResponse)?
    public var log: @Sendable (String) -> Void = { line in LogLine.write(line) }

    public init() {}
  }

  public let router: Router
  let configuration: Configuration
  public let webSockets: WebSocketHub
  let fileMappings: FileMappings
  let headDeadlines: HeadDeadlines
  private let daemon = Mutex<DaemonHandle?>(nil)
  let inFlight = Mutex(0)
  /// False once shutdown has begun: connections accepted then are closed at once.
  let accepting = Atomic(true)
  /// Connections suspended while their async handler runs.
  let suspended = Mutex<[ObjectIdentifier: SuspendedConnection]>([:])

  public init(router: Router, configuration: Configuration = Configuration()) {
    self.router = router
    self.configuration = configuration
    webSockets = WebSocketHub(configuration: configuration.webSocket, log: configuration.log)
    fileMappings = FileMappings(fileLimit: configuration.mappedFileLimit)
    headDeadlines = HeadDeadlines(
      timeout: configuration.headTimeout, connectionLimit: configuration.connectionLimit, log: configuration.log)
  }

  private let boundPort = Mutex<UInt16>(0)

  /// The bound port (useful when the configuration asked for port 0).
  public var port: UInt16 { boundPort.withLock { $0 } }

  public func start() throws(HTTPError) {
    try webSockets.start()
    var started: OpaquePointer?
    configuration.host.withCString { host in
      var config = bl_daemon_config(
        host: host, port: configuration.port, thread_pool_size: UInt32(configuration.threads),
        connection_limit: UInt32(configuration.connectionLimit),
        per_ip_connection_limit: UInt32(configuration.connectionsPerAddress),
        connection_timeout_seconds: UInt32(configuration.connectionTimeoutSeconds),
        connection_memory_limit: configuration.connectionMemoryLimit,
        callback_cls: Unmanaged.passUnretained(self).toOpaque(), accept_policy: acceptPolicy,
        access_handler: accessHandler,
        completed: requestCompleted, notify_connection: connectionChanged, uri_log: requestStarted,
        log: logFromLibrary)
      started = bl_start_daemon(&config)
    }
    guard let started else {
      throw HTTPError(
        .internalServerError,
        "Cannot listen on \(configuration.host):\(configuration.port): \(String(cString: strerror(errno)))")
    }
    // libmicrohttpd's threads call back into this object: it stays alive while the daemon runs,
    // even if its owner lets go without `shutdown` (released there).
    daemon.withLock { $0 = DaemonHandle(pointer: started, owner: Unmanaged.passRetained(self)) }
    boundPort.withLock { $0 = bl_daemon_port(started) }
    headDeadlines.start()
  }

  /// Stops accepting, closes WebSockets with 1001, lets in-flight handlers finish (up to
  /// `grace`; clients of handlers still running then get 503), then stops the daemon.
  public func shutdown(grace: Duration = .seconds(10)) async {
    // Taken at once, so a second shutdown finds nothing to stop.
    guard
      let handle = daemon.withLock({ current in
        defer { current = nil }; return current
      })
    else { return }
    let running = handle.pointer
    // From now on a new connection is closed as soon as it is accepted. Not MHD_quiesce_daemon:
    // with a thread pool on epoll it races the polling threads removing the listening socket
    // from their epoll sets and aborts the process ("Failed to remove listen FD", libmicrohttpd
    // 0.9.75, about one loaded test run in seven). The socket itself closes in MHD_stop_daemon.
    accepting.store(false, ordering: .relaxed)
    webSockets.closeAll(code: .goingAway, reason: "Server shutting down")
    let deadline = ContinuousClock.now + grace
    while inFlight.withLock({ $0 }) > 0, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(10))
    }
    // Handlers still running get a 503 for their clients: the daemon cannot stop while a
    // connection is suspended. Their eventual results are dropped.
    for straggler in suspended.withLock({ Array($0.values) }) {
      straggler.complete(with: .error(HTTPError(.serviceUnavailable, "Server shutting down")))
    }
    // Their 503s are sent by the daemon's threads once they resume the connections: on a loaded
    // machine that took over a second (a test saw its connection closed unanswered), so up to 10.
    let answered = ContinuousClock.now + .seconds(10)
    while inFlight.withLock({ $0 }) > 0, ContinuousClock.now < answered {
      try? await Task.sleep(for: .milliseconds(10))
    }
    await webSockets.stop()
    headDeadlines.stop()
    MHD_stop_daemon(running)
    handle.owner.release()
  }

  func response(for error: any Error) -> HTTPResponse {
    if let error = error as? HTTPError { return .error(error) }
    if let errorResponse = configuration.errorResponse { return errorResponse(error) }
    configuration.log("error: unhandled \(error)")
    return .error(HTTPError(.internalServerError, "Internal server error"))
  }
}

/// The daemon pointer; libmicrohttpd's daemon functions are thread-safe.
private struct DaemonHandle: @unchecked Sendable {
  let pointer: OpaquePointer
  let owner: Unmanaged<HTTPServer>
}
