/// Undoes permessage-deflate (RFC 7692) on a received message, for a reader whose connection
/// negotiated it. The framing code has no compression of its own (it imports nothing); whoever
/// links zlib supplies this.
public protocol WebSocketMessageInflater: Sendable {
  /// The uncompressed message: `compressed` is the message's payload as sent, without the
  /// `00 00 FF FF` tail that §7.2.2 has the receiver append. Throws `.messageTooBig` as soon as
  /// the output would pass `limit` bytes (so a small message that inflates to gigabytes costs at
  /// most `limit`), and `.invalidPayload` for data that is not DEFLATE.
  func inflate(_ compressed: ArraySlice<UInt8>, limit: Int) throws(WebSocketProtocolError) -> [UInt8]
}
