/// SHA-1 (FIPS 180-4 §6.1). Only for the handshake's Sec-WebSocket-Accept, where RFC 6455
/// mandates it; it is not used for anything that needs collision resistance. Kept in pure Swift
/// so the module needs no crypto library on Linux.
enum SHA1 {
  static func hash(_ message: some Collection<UInt8>) -> [UInt8] {
    // Padding (§5.1.1): a 1 bit, zeros up to 56 mod 64, then the bit length as 64-bit big endian.
    var bytes = Array(message)
    let bitLength = UInt64(bytes.count) &* 8
    bytes.append(0x80)
    while bytes.count % 64 != 56 { bytes.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) {
      bytes.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }

    var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    var w = [UInt32](repeating: 0, count: 80)
    for block in stride(from: 0, to: bytes.count, by: 64) {
      for t in 0..<16 {
        let o = block + t * 4
        w[t] =
          UInt32(bytes[o]) << 24 | UInt32(bytes[o + 1]) << 16
          | UInt32(bytes[o + 2]) << 8 | UInt32(bytes[o + 3])
      }
      for t in 16..<80 {
        w[t] = rotateLeft(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], by: 1)
      }
      var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4]
      for t in 0..<80 {
        let f: UInt32
        let k: UInt32
        switch t {
        case 0..<20: f = (b & c) | (~b & d); k = 0x5A82_7999
        case 20..<40: f = b ^ c ^ d; k = 0x6ED9_EBA1
        case 40..<60: f = (b & c) | (b & d) | (c & d); k = 0x8F1B_BCDC
        default: f = b ^ c ^ d; k = 0xCA62_C1D6
        }
        let temp = rotateLeft(a, by: 5) &+ f &+ e &+ k &+ w[t]
        e = d
        d = c
        c = rotateLeft(b, by: 30)
        b = a
        a = temp
      }
      h[0] &+= a
      h[1] &+= b
      h[2] &+= c
      h[3] &+= d
      h[4] &+= e
    }

    var digest: [UInt8] = []
    digest.reserveCapacity(20)
    for word in h {
      for shift in stride(from: 24, through: 0, by: -8) {
        digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
      }
    }
    return digest
  }

  private static func rotateLeft(_ x: UInt32, by n: UInt32) -> UInt32 {
    (x << n) | (x >> (32 - n))
  }
}
