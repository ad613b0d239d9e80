import CMicroHTTPD
import Foundation

// libmicrohttpd calls these C callbacks on its polling threads. They are global functions, not
// closures, so that no actor isolation is inferred for them (see design §9).

/// Called first for every request with the raw target; its result becomes the request context,
/// owned by the connection's slot (without one the access handler refuses the request).
func requestStarted(
  _ cls: UnsafeMutableRawPointer?, _ uri: UnsafePointer<CChar>?, _ connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
  guard let connection, let slot = ConnectionSlot.of(connection) else { return nil }
  let context = RequestContext(rawTarget: uri.map { String(cString: $0) } ?? "")
  slot.request = context
  return Unmanaged.passUnretained(context).toOpaque()
}

/// Whether a connection just accepted is kept (else libmicrohttpd closes it at once).
func acceptPolicy(
  _ cls: UnsafeMutableRawPointer?, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t
) -> MHD_Result {
  guard let cls else { return .YES }
  return Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue().accepting.load(ordering: .relaxed)
    ? .YES : .NO
}

/// A connection was accepted, or is about to be closed (its socket is still open).
func connectionChanged(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
  _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ change: MHD_ConnectionNotificationCode
) {
  guard let cls, let connection, let socketContext else { return }
  let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
  if change == .CONNECTION_NOTIFY_STARTED {
    socketContext.pointee = Unmanaged.passRetained(ConnectionSlot()).toOpaque()
    server.headDeadlines.opened(connection, socket: bl_connection_socket(connection))
  } else {
    server.headDeadlines.closed(connection)
    if let raw = socketContext.pointee { Unmanaged<ConnectionSlot>.fromOpaque(raw).release() }
    socketContext.pointee = nil
  }
}

/// A request ended: the connection waits for the next one, or closes (or, upgraded, has closed).
func requestCompleted(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
  _ contextPointer: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
  _ reason: MHD_RequestTerminationCode
) {
  if let cls, let connection {
    Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue().headDeadlines.requestEnded(connection)
  }
  contextPointer?.pointee = nil
  if let connection, let slot = ConnectionSlot.of(connection) { slot.request = nil }
}

func accessHandler(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
  _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?, _ uploadData: UnsafePointer<CChar>?,
  _ uploadDataSize: UnsafeMutablePointer<Int>?, _ contextPointer: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
  guard let cls, let connection, let contextPointer, let raw = contextPointer.pointee, let uploadDataSize else {
    return .NO
  }
  let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
  let context = Unmanaged<RequestContext>.fromOpaque(raw).takeUnretainedValue()
  let exchange = Exchange(server: server, connection: connection, context: context)
  switch context.phase {
  case .started:
    server.headDeadlines.headReceived(connection)
    return exchange.begin(method: method.map { String(cString: $0) } ?? "")
  case .receivingBody where uploadDataSize.pointee > 0:
    let count = uploadDataSize.pointee
    uploadDataSize.pointee = 0
    return uploadData.map { exchange.receive($0, count: count) } ?? .NO
  case .receivingBody:
    return exchange.dispatch()
  case .awaitingHandler:
    return exchange.sendHandlerResponse()
  case .responded:
    uploadDataSize.pointee = 0  // Drain what a refused client still sends.
    return .YES
  case .answeredEarly where uploadDataSize.pointee > 0:
    let count = uploadDataSize.pointee
    uploadDataSize.pointee = 0
    return exchange.discardAfterEarlyAnswer(count: count)
  case .answeredEarly:
    return .NO  // The whole body came; the answer is already out: close.
  }
}
