import Testing

@testable import BlastoiseWebSocket

struct SHA1Tests {
  @Test func abcMatchesTheFIPSVector() {
    #expect(hexString(SHA1.hash(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
  }

  @Test func emptyMessageMatchesTheFIPSVector() {
    #expect(hexString(SHA1.hash([UInt8]())) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
  }

  @Test func twoBlock448BitMessageMatchesTheFIPSVector() {
    let message = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
    #expect(message.utf8.count * 8 == 448)
    #expect(hexString(SHA1.hash(Array(message.utf8))) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
  }

  @Test func oneMillionAsMatchesTheFIPSVector() {
    let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    #expect(hexString(SHA1.hash(message)) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
  }

  // Lengths around the 55/56-byte point where the length field stops fitting in the last block.
  @Test(arguments: [
    (55, "c1c8bbdc22796e28c0e15163d20899b65621d65a"),
    (56, "c2db330f6083854c99d4b5bfb6e8f29f201be699"),
    (63, "03f09f5b158a7a8cdad920bddc29b81c18a551f5"),
    (64, "0098ba824b5c16427bd7a1122a5a442a25ec644d"),
    (119, "ee971065aaa017e0632a8ca6c77bb3bf8b1dfc56"),
    (120, "f34c1488385346a55709ba056ddd08280dd4c6d6"),
  ])
  func paddingBoundaryLengthsHashCorrectly(length: Int, digest: String) {
    let message = [UInt8](repeating: UInt8(ascii: "a"), count: length)
    #expect(hexString(SHA1.hash(message)) == digest)
  }
}
