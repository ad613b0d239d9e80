import CLibPQ

#if canImport(Glibc)
import Glibc
#endif

/// The non-blocking side of a connection: libpq never waits on the network by itself here; the
/// connection waits for its socket with `poll` and hands libpq what arrived (`PQconsumeInput`).
extension PostgresConnection {
  /// Connects without blocking inside libpq (`PQconnectStartParams` / `PQconnectPoll`), giving up
  /// after `connectTimeout`. Our defaults come before the URL, so what the URL says wins.
  static func open(_ settings: PostgresSettings) throws(PostgresError) -> OpaquePointer {
    let parameters = [
      ("client_encoding", "UTF8"), ("application_name", "blastoise"), ("keepalives", "1"),
      ("keepalives_idle", "30"), ("keepalives_interval", "10"), ("keepalives_count", "3"), ("dbname", settings.url),
    ]
    let started = withCStrings(parameters.map { $0.0 }) { keywords in
      withCStrings(parameters.map { $0.1 }) { values in PQconnectStartParams(keywords, values, 1) }
    }
    guard let handle = started else { throw PostgresError(.connection, "libpq could not allocate a connection") }
    let deadline = ContinuousClock.now + settings.connectTimeout
    var status = PQstatus(handle) == CONNECTION_BAD ? PGRES_POLLING_FAILED : PGRES_POLLING_WRITING
    while status != PGRES_POLLING_OK {
      let events: Int16
      switch status {
      case PGRES_POLLING_READING: events = Int16(POLLIN)
      case PGRES_POLLING_WRITING: events = Int16(POLLOUT)
      default:
        let message = errorText(handle)
        PQfinish(handle)
        throw PostgresError(.connection, "cannot connect to PostgreSQL: \(message)")
      }
      guard waitForSocket(of: handle, events, until: deadline) else {
        PQfinish(handle)
        throw PostgresError(.connection, "cannot connect to PostgreSQL: no answer within \(settings.connectTimeout)")
      }
      status = PQconnectPoll(handle)
    }
    // Notices ("relation already exists, skipping", a shutdown announced while idle) are not
    // errors; libpq would print them on stderr.
    PQsetNoticeProcessor(handle, { _, _ in }, nil)
    guard PQsetnonblocking(handle, 1) == 0 else {
      let message = errorText(handle)
      PQfinish(handle)
      throw PostgresError(.connection, "cannot make the connection non-blocking: \(message)")
    }
    return handle
  }

  /// Whether an idle connection is still there: reads whatever the server sent meanwhile (a
  /// shutdown or a terminated backend says so before it closes the socket) without waiting.
  var isUsableWhenIdle: Bool {
    var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
    // The last message and the end of the stream may take a read each.
    for _ in 0..<4 where !isBroken && poll(&descriptor, 1, 0) > 0 {
      guard PQconsumeInput(handle) == 1 else { break }
    }
    return !isBroken
  }

  /// Sends what libpq holds for the server; while the socket is full, reads meanwhile so the
  /// server, itself waiting to send, never stalls both sides.
  func flush(sql: String) throws(PostgresError) {
    while true {
      switch PQflush(handle) {
      case 0: return
      case 1:
        _ = Self.waitForSocket(of: handle, Int16(POLLIN | POLLOUT), until: nil)
        guard PQconsumeInput(handle) == 1 else { throw connectionFailure(sql: sql) }
      default: throw connectionFailure(sql: sql)
      }
    }
  }

  /// The next result of the command in progress, waiting for the socket while libpq has none
  /// complete; nil once all have come.
  func nextResult(sql: String) throws(PostgresError) -> OpaquePointer? {
    while PQisBusy(handle) == 1 {
      _ = Self.waitForSocket(of: handle, Int16(POLLIN), until: nil)
      guard PQconsumeInput(handle) == 1 else { throw connectionFailure(sql: sql) }
    }
    return PQgetResult(handle)
  }

  /// Waits until the socket is ready for `events` (or failed: libpq finds out what happened);
  /// false when `deadline` passed first. No deadline: the TCP keepalives end a dead connection.
  private static func waitForSocket(
    of handle: OpaquePointer, _ events: Int16, until deadline: ContinuousClock.Instant?
  )
    -> Bool
  {
    var descriptor = pollfd(fd: PQsocket(handle), events: events, revents: 0)
    while true {
      var timeout: Int32 = -1
      if let deadline {
        let left = (deadline - ContinuousClock.now).wholeMilliseconds
        guard left > 0 else { return false }
        timeout = Int32(clamping: left)
      }
      let ready = poll(&descriptor, 1, timeout)
      if ready > 0 { return true }
      if ready < 0, errno != EINTR { return true }  // let libpq report what is wrong with the socket
    }
  }
}

/// Calls `body` with a NULL-terminated array of C strings.
private func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result)
  -> Result
{
  let pointers = strings.map { UnsafePointer(strdup($0)) } + [nil]
  defer { for pointer in pointers { free(UnsafeMutablePointer(mutating: pointer)) } }
  return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
