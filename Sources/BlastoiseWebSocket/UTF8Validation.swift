/// Strict UTF-8 validation (Unicode Table 3-7): rejects overlong forms, surrogates, code points
/// above U+10FFFF and truncated sequences. Written out rather than using
/// `String(validating:as:)` because that needs macOS 15 / iOS 18.
enum UTF8Validation {
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    var i = 0
    while i < count {
      // ASCII fast path: skip eight bytes at a time while none has its high bit set.
      if count - i >= 8 {
        let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        if word & 0x8080_8080_8080_8080 == 0 {
          i += 8
          continue
        }
      }
      let lead = base[i]
      if lead < 0x80 {
        i += 1
        continue
      }
      // The second byte's range is what rules out overlongs, surrogates and > U+10FFFF.
      let length: Int
      var lower: UInt8 = 0x80
      var upper: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: length = 3; lower = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: length = 3; upper = 0x9F
      case 0xF0: length = 4; lower = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4: length = 4; upper = 0x8F
      default: return false
      }
      guard count - i >= length else { return false }
      let second = base[i + 1]
      guard second >= lower, second <= upper else { return false }
      var j = 2
      while j < length {
        guard base[i + j] & 0xC0 == 0x80 else { return false }
        j += 1
      }
      i += length
    }
    return true
  }

  static func isValid(_ bytes: some Collection<UInt8>) -> Bool {
    if let result = bytes.withContiguousStorageIfAvailable({ isValid($0) }) { return result }
    return Array(bytes).withUnsafeBufferPointer { isValid($0) }
  }
}
