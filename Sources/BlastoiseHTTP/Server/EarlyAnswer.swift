import CMicroHTTPD
import Foundation

/// An error answer written straight onto a connection's socket while its body is still
/// arriving. libmicrohttpd 0.9.75 queues a response only before the body or after all of it
/// (`MHD_queue_response` refuses mid-body, suspended or not), so a client that keeps sending
/// far past the cap would otherwise be cut off with no answer at all. Plain HTTP only: the
/// bytes bypass libmicrohttpd, which has written nothing since the headers came in.
struct EarlyAnswer {
  let response: HTTPResponse

  /// Sends the answer with `Connection: close` and shuts down our side of the socket, so the
  /// answer and the end of the stream reach the client while it still sends. False when it could
  /// not be written whole.
  func send(on connection: OpaquePointer) -> Bool {
    let descriptor = bl_connection_socket(connection)
    guard descriptor >= 0 else { return false }
    let bytes = wireBytes()
    let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    shutdown(descriptor, Int32(SHUT_WR))
    return sent == bytes.count
  }

  func wireBytes() -> [UInt8] {
    guard case .bytes(let body) = response.body else { return [] }
    let status = response.status.rawValue
    let reason = MHD_get_reason_phrase_for(UInt32(status)).map { String(cString: $0) } ?? ""
    var head = "HTTP/1.1 \(status) \(reason)\r\n"
    for (name, value) in response.outgoingHeaders { head += "\(name): \(value)\r\n" }
    head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    return Array(head.utf8) + body
  }
}
