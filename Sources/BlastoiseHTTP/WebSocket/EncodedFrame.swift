import BlastoiseWebSocket
import Synchronization

/// A server frame encoded once, to be sent to any number of connections (server frames are not
/// masked, so the bytes are the same for every client; the array's storage is shared). A text
/// message worth compressing also has a permessage-deflate form, made on first use and shared
/// the same way: the server compresses without context, so it does not depend on the client.
public struct EncodedFrame: Sendable {
  public let bytes: [UInt8]
  private let deflated: DeflatedFrame?

  /// Below this a message goes out as it is to every client: compressing saves a few hundred
  /// bytes at best and costs a zlib stream (about 256 KiB of tables) each time.
  static let minimumDeflatedPayload = 1024

  public static func text(_ text: String) -> EncodedFrame {
    let frame = WebSocketFrameEncoder.text(text)
    let length = text.utf8.count
    guard length >= minimumDeflatedPayload else { return EncodedFrame(bytes: frame, deflated: nil) }
    return EncodedFrame(bytes: frame, deflated: DeflatedFrame(plain: frame, payloadStart: frame.count - length))
  }

  static func control(_ opcode: WebSocketOpcode, payload: [UInt8] = []) -> EncodedFrame {
    EncodedFrame(bytes: WebSocketFrameEncoder.frame(opcode, payload: payload), deflated: nil)
  }

  static func close(_ code: WebSocketCloseCode, reason: String = "") -> EncodedFrame {
    EncodedFrame(bytes: WebSocketFrameEncoder.close(code: code, reason: reason), deflated: nil)
  }

  /// What a connection that negotiated permessage-deflate sends: the compressed frame, or these
  /// bytes when the message is small or did not shrink.
  var deflatedBytes: [UInt8] { deflated?.bytes ?? bytes }
}

/// The compressed form of one text message, computed by whichever sender needs it first. It
/// reads the payload out of the plain frame, whose storage it shares, rather than keep a copy.
private final class DeflatedFrame: Sendable {
  private let plain: [UInt8]
  private let payloadStart: Int
  private let made = Mutex<[UInt8]?>(nil)

  init(plain: [UInt8], payloadStart: Int) {
    self.plain = plain
    self.payloadStart = payloadStart
  }

  var bytes: [UInt8] {
    made.withLock { made in
      if let made { return made }
      let payload = plain[payloadStart...]
      var frame = plain
      if let compressed = MessageDeflate.compress(payload), compressed.count < payload.count {
        frame = WebSocketFrameEncoder.frame(.text, payload: compressed, compressed: true)
      }
      made = frame
      return frame
    }
  }
}
