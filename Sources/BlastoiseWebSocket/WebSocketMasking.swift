/// RFC 6455 §5.3 masking. Masking and unmasking are the same XOR, so the reader and the
/// encoder share this.
enum WebSocketMasking {
  /// XORs `key` over `bytes` in place; `key.0` applies to `bytes[0]`.
  static func apply(_ key: WebSocketMaskingKey, to bytes: UnsafeMutableRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    let count = bytes.count
    // The key repeated twice, in memory order: XORing 8 payload bytes loaded as one word with
    // this word loaded the same way is correct on either endianness.
    let doubledKey = (key.0, key.1, key.2, key.3, key.0, key.1, key.2, key.3)
    withUnsafeBytes(of: doubledKey) { keyBytes in
      let keyWord = keyBytes.loadUnaligned(as: UInt64.self)
      var i = 0
      while count - i >= 8 {
        let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        base.storeBytes(of: word ^ keyWord, toByteOffset: i, as: UInt64.self)
        i += 8
      }
      // i is a multiple of 8 here, so the key phase is i & 3 as for every other byte.
      while i < count {
        let byte = base.load(fromByteOffset: i, as: UInt8.self)
        base.storeBytes(of: byte ^ keyBytes[i & 3], toByteOffset: i, as: UInt8.self)
        i += 1
      }
    }
  }
}
