import CZlib

/// Inflates a permessage-deflate message (RFC 7692 §7.2.2). Each message starts a fresh raw
/// inflate: the server's answer has both sides compress without context takeover, so no zlib
/// state (32 KiB window and more) stays with an idle socket. The server inflates what clients
/// send; the Swift client what the server sends. The output grows in steps and never past
/// `limit + 1` bytes, so a deflate bomb costs the limit, not what it would inflate to.
public struct ZlibMessageInflater: WebSocketMessageInflater {
  /// First output allocation; doubled up to the limit.
  private static let initialOutput = 16 * 1024

  public init() {}

  public func inflate(_ compressed: ArraySlice<UInt8>, limit: Int) throws(WebSocketProtocolError) -> [UInt8] {
    var stream = z_stream()
    guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      throw WebSocketProtocolError(closeCode: .internalError, reason: "cannot inflate")
    }
    defer { inflateEnd(&stream) }
    var input = Array(compressed)
    input += [0, 0, 0xFF, 0xFF]
    var output: [UInt8] = []
    var status = Z_OK
    input.withUnsafeMutableBufferPointer { input in
      stream.next_in = input.baseAddress
      stream.avail_in = UInt32(input.count)
      // Until zlib has taken all input and not filled the space it was given, or the stream
      // ended (a sender may finish with BFINAL; §7.2.3.4), or the output passed the limit.
      repeat {
        let room = min(max(Self.initialOutput, output.count), limit + 1 - output.count)
        let start = output.count
        output += repeatElement(0, count: room)
        status = output.withUnsafeMutableBufferPointer { out in
          stream.next_out = out.baseAddress.map { $0 + start }
          stream.avail_out = UInt32(room)
          return CZlib.inflate(&stream, Z_SYNC_FLUSH)
        }
        output.removeLast(Int(stream.avail_out))
      } while status == Z_OK && output.count <= limit && (stream.avail_in > 0 || stream.avail_out == 0)
    }
    guard output.count <= limit else {
      throw WebSocketProtocolError(closeCode: .messageTooBig, reason: "message inflates past \(limit) bytes")
    }
    // Z_BUF_ERROR: no progress possible, which after all input means the message simply ended.
    guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
      throw WebSocketProtocolError(closeCode: .invalidPayload, reason: "compressed message is not valid DEFLATE")
    }
    return output
  }
}
