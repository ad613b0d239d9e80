// libFuzzer entry point for WebSocketReader. It is compiled together with the module's sources,
// not against the package, so it uses the types directly, without an import:
//
//   swiftc -sanitize=fuzzer,address -parse-as-library -O \
//     Sources/BlastoiseWebSocket/*.swift Fuzz/WebSocketFrameFuzz.swift -o /tmp/wsfuzz
//   /tmp/wsfuzz -max_total_time=30
//
// Besides crashes and sanitizer reports, it traps when (1) feeding the input whole, in two
// parts split at a position taken from the first byte, or one byte at a time gives different
// results, (2) a decoded message does not decode to itself after re-encoding, or (3) the input
// read as a Sec-WebSocket-Extensions header gets an answer other than none or the one we send.

private struct FuzzResult: Equatable {
  var messages: [WebSocketMessage] = []
  var error: WebSocketProtocolError?
}

/// Small enough that inputs of libFuzzer's default length reach the messageTooBig paths.
private let fuzzMaxMessageBytes = 1000

private func drain(_ role: WebSocketRole, _ chunks: [UnsafeRawBufferPointer]) -> FuzzResult {
  var reader = WebSocketReader(role: role, maxMessageBytes: fuzzMaxMessageBytes)
  var result = FuzzResult()
  for chunk in chunks {
    reader.feed(chunk)
    do {
      while let message = try reader.nextMessage() { result.messages.append(message) }
    } catch {
      result.error = error
      return result
    }
  }
  return result
}

private func reencode(_ message: WebSocketMessage, maskingKey: WebSocketMaskingKey?) -> [UInt8] {
  switch message {
  case .text(let text): WebSocketFrameEncoder.text(text, maskingKey: maskingKey)
  case .binary(let bytes): WebSocketFrameEncoder.binary(bytes, maskingKey: maskingKey)
  case .ping(let bytes): WebSocketFrameEncoder.ping(bytes, maskingKey: maskingKey)
  case .pong(let bytes): WebSocketFrameEncoder.pong(bytes, maskingKey: maskingKey)
  case .close(nil, _): WebSocketFrameEncoder.frame(.close, payload: [UInt8](), maskingKey: maskingKey)
  case .close(let code?, let reason): WebSocketFrameEncoder.close(code: code, reason: reason, maskingKey: maskingKey)
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = UnsafeRawBufferPointer(start: data, count: size)
  let split = size == 0 ? 0 : Int(data[0]) % (size + 1)
  let parts = [
    UnsafeRawBufferPointer(rebasing: input[..<split]),
    UnsafeRawBufferPointer(rebasing: input[split...]),
  ]
  let bytes = (0..<size).map { UnsafeRawBufferPointer(rebasing: input[$0..<($0 + 1)]) }

  if let answer = PerMessageDeflateNegotiation.serverResponse(toOffers: String(decoding: input, as: UTF8.self)),
    !answer.hasPrefix(PerMessageDeflateNegotiation.acceptance)
  {
    fatalError("unexpected permessage-deflate answer \(answer)")
  }

  for role in [WebSocketRole.server, .client] {
    let whole = drain(role, [input])
    guard drain(role, parts) == whole else { fatalError("splitting at \(split) changed the result") }
    guard drain(role, bytes) == whole else { fatalError("feeding byte by byte changed the result") }

    // A server reads masked frames, a client unmasked ones.
    let key: WebSocketMaskingKey? = role == .server ? (data[0], 0x5A, 0xA5, 0xFF) : nil
    for message in whole.messages {
      let frame = reencode(message, maskingKey: key)
      let decoded = frame.withUnsafeBytes { drain(role, [$0]) }
      guard decoded == FuzzResult(messages: [message]) else { fatalError("\(message) did not round-trip") }
    }
  }
  return 0
}
