import BlastoiseSync
import Testing

@testable import BlastoiseWebSocket

struct UTF8ValidationTests {
  @Test(arguments: [
    "", "41", "c3 a9", "e2 82 ac", "f0 9d 84 9e", "ef bf bf", "f4 8f bf bf", "c2 80", "e0 a0 80",
    "f0 90 80 80", "ed 9f bf", "61 62 63 64 65 66 67 68 e2 82 ac 69",
  ])
  func wellFormedSequencesAreValid(hex: String) {
    #expect(UTF8Validation.isValid(hexBytes(hex)))
  }

  @Test(arguments: [
    "80",  // lone continuation byte
    "c0 80", "c1 bf", "e0 80 80", "e0 9f bf", "f0 80 80 80", "f0 8f bf bf",  // overlong forms
    "ed a0 80", "ed bf bf",  // UTF-16 surrogates
    "f4 90 80 80", "f5 80 80 80", "ff", "fe",  // beyond U+10FFFF
    "e2 82", "f0 9d 84", "c3",  // truncated at the end
    "e2 28 a1", "c3 28",  // continuation byte missing
    "61 62 63 64 65 66 67 68 ff",  // invalid right after the ASCII fast path
    "61 62 63 64 65 66 67 c3",  // truncated inside the eight-byte window
  ])
  func malformedSequencesAreInvalid(hex: String) {
    #expect(!UTF8Validation.isValid(hexBytes(hex)))
  }

  @Test func agreesWithTheStandardLibraryDecoderOnRandomBytes() {
    var generator = SplitMix64(state: 7)
    // Bytes drawn mostly from the interesting ranges, so many inputs are almost valid.
    let pool: [UInt8] = [
      0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
    ]
    for _ in 0..<20_000 {
      let length = Int.random(in: 0...12, using: &generator)
      let bytes = (0..<length).map { _ in pool[Int.random(in: 0..<pool.count, using: &generator)] }
      #expect(UTF8Validation.isValid(bytes) == Self.standardLibraryAccepts(bytes), "\(hexString(bytes))")
    }
  }

  private static func standardLibraryAccepts(_ bytes: [UInt8]) -> Bool {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }
}
