import Foundation

/// The HTTP answer to a WebSocket handshake: status, headers, and the bytes after the head
/// (frames already sent after a 101, or the error body otherwise).
struct HandshakeResponse {
  var status: Int
  var headers: [String: String]
  var body: [UInt8]

  func header(_ name: String) -> String? { headers[name.lowercased()] }

  static let maxHeadBytes = 64 * 1024

  /// Reads up to the end of the head (blocking, bounded by the socket's receive timeout).
  static func read(from descriptor: Int32) throws(BlastoiseClientError) -> HandshakeResponse {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      if let end = headEnd(received) {
        var response = try parse(Array(received[..<end]))
        response.body = Array(received[(end + 4)...])
        return response
      }
      guard received.count < maxHeadBytes else { throw .handshakeRefused(status: 0, message: "answer head too long") }
      let count = POSIXSocket.receive(descriptor, into: &buffer)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        throw .transport(count == 0 ? "the server closed the connection during the handshake" : "no handshake answer")
      }
      received += buffer[0..<count]
    }
  }

  /// For a refusal: the rest of the body per Content-Length (at most 64 KiB), best effort.
  mutating func readBody(from descriptor: Int32) {
    let length = min(Int(header("content-length") ?? "") ?? 0, Self.maxHeadBytes)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while body.count < length {
      let count = POSIXSocket.receive(descriptor, into: &buffer)
      guard count > 0 else { break }
      body += buffer[0..<count]
    }
    if body.count > length { body = Array(body.prefix(length)) }
  }

  private static func headEnd(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 0...(bytes.count - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
      return index
    }
    return nil
  }

  static func parse(_ head: [UInt8]) throws(BlastoiseClientError) -> HandshakeResponse {
    let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = (lines.first ?? "").split(separator: " ", maxSplits: 2)
    guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
      throw .handshakeRefused(status: 0, message: "not an HTTP answer")
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      headers[name] = headers[name].map { $0 + ", " + value } ?? value
    }
    return HandshakeResponse(status: status, headers: headers, body: [])
  }
}
