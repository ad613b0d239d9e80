/// The bytes of a reply as it is written (`SubsonicJSON`, `SubsonicXML`): UTF-8 appended straight
/// from strings' own storage, and text copied with some characters escaped in one pass over its
/// bytes — runs with nothing to escape (most text: names and IDs) are copied whole. Written as
/// Strings, appending and escaping were most of the cost of a search's answer.
struct SubsonicOutput {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int) { bytes.reserveCapacity(capacity) }

  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func append(_ text: String) {
    if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
      bytes.append(contentsOf: text.utf8)
    }
  }

  mutating func append(_ value: Int64) {
    guard value != 0 else { return bytes.append(UInt8(ascii: "0")) }
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    let start = bytes.count
    while magnitude > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
      magnitude /= 10
    }
    bytes[start...].reverse()
  }

  /// The bytes a format may escape, as a bit set (one lookup a byte in the loop below).
  struct Escaped {
    private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init(_ flagged: (UInt8) -> Bool) {
      for byte in 0...UInt8.max where flagged(byte) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: bits.0 |= bit
        case 1: bits.1 |= bit
        case 2: bits.2 |= bit
        default: bits.3 |= bit
        }
      }
    }

    func contains(_ byte: UInt8) -> Bool {
      let word =
        switch byte >> 6 {
        case 0: bits.0
        case 1: bits.1
        case 2: bits.2
        default: bits.3
        }
      return word >> UInt64(byte & 63) & 1 == 1
    }
  }

  /// Appends `text`; at each byte `mayEscape` holds, `escape` is handed the text's bytes and
  /// that byte's offset, appends what stands for what begins there (its own bytes, a
  /// replacement, or nothing) and answers how many bytes it took (at least one).
  mutating func append(
    _ text: String, mayEscape: Escaped,
    escape: (_ output: inout [UInt8], _ text: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int
  ) {
    var text = text
    text.withUTF8 { utf8 in
      var run = 0
      var index = 0
      while index < utf8.count {
        guard mayEscape.contains(utf8[index]) else {
          index += 1
          continue
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
        index += max(1, escape(&bytes, utf8, index))
        run = index
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<utf8.count]))
    }
  }

  /// Whether `text` has `bytes` at `offset`.
  static func has(_ text: UnsafeBufferPointer<UInt8>, _ bytes: [UInt8], at offset: Int) -> Bool {
    offset + bytes.count <= text.count && bytes.indices.allSatisfy { text[offset + $0] == bytes[$0] }
  }
}
