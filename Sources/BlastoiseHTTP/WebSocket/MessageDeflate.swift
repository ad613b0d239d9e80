import CZlib

/// permessage-deflate's compression (RFC 7692 §7.2.1): raw DEFLATE, each message on its own
/// (no context kept, so the result can go to every client), ended by a sync flush whose
/// `00 00 FF FF` tail is left off.
enum MessageDeflate {
  /// zlib's fastest level: on a room state with 10,000 distinct tracks (2.2 MiB) it gives 4.5× in
  /// about 30 ms, level 6 5× in twice the time (bench/ws-queue prints both), and a frame is
  /// compressed on the room's actor while every listener waits for it.
  static let level = Z_BEST_SPEED

  /// The compressed payload, or nil when zlib fails (the caller then sends the message as it is).
  static func compress(_ payload: ArraySlice<UInt8>) -> [UInt8]? {
    guard payload.count < Int(UInt32.max) else { return nil }
    var stream = z_stream()
    let windowBits: Int32 = -15  // negative: raw DEFLATE, no zlib header or checksum
    guard
      deflateInit2_(
        &stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
        Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { return nil }
    defer { deflateEnd(&stream) }
    // deflateBound covers a finished stream; a sync flush adds at most a few bytes more.
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(payload.count))) + 16)
    let status = payload.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { out in
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.avail_in = UInt32(input.count)
        stream.next_out = out.baseAddress
        stream.avail_out = UInt32(out.count)
        return deflate(&stream, Z_SYNC_FLUSH)
      }
    }
    // All input taken and room left over: the flush is complete.
    guard status == Z_OK, stream.avail_in == 0, stream.avail_out > 0 else { return nil }
    let produced = output.count - Int(stream.avail_out)
    guard produced >= 4, output[(produced - 4)..<produced].elementsEqual([0, 0, 0xFF, 0xFF]) else { return nil }
    output.removeSubrange((produced - 4)...)
    return output
  }
}
