import BlastoiseSync
import Testing

@testable import BlastoiseWebSocket

struct HandshakeTests {
  // The value printed in RFC 6455 §1.3 and §4.2.2 (also what Python's hashlib + base64 give).
  @Test func acceptKeyForTheRFCSampleKeyIsTheRFCValue() {
    #expect(WebSocketHandshake.acceptKey(forClientKey: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
  }

  @Test func theRFCSampleKeyIsValid() {
    #expect(WebSocketHandshake.isValidClientKey("dGhlIHNhbXBsZSBub25jZQ=="))
  }

  @Test(arguments: [
    "",
    "the sample nonce",  // 16 bytes, but not base64 encoded
    "dGhlIHNhbXBsZSBub25jZQ=",  // padding cut short
    "dGhlIHNhbXBsZSBub25jZQ",  // no padding
    "AAAAAAAAAAAAAAAAAAAAAAAA",  // 24 characters, but 18 bytes
    "AAAAAAAAAAAAAAAAAAAAAA=",  // 23 characters
    "AAAAAAAAAAAAAAAAAAAAAAAAAA==",  // 20 bytes
    "AAAAAAAAAAAAAAAAAAAAA===",  // 15 bytes
    "dGhlIHNhbXBsZSBub25j!Q==",  // character outside the alphabet
    " dGhlIHNhbXBsZSBub25jZQ==",  // untrimmed whitespace
    "dGhlIHNhbXBsZSBub25jZQ==\r",
  ])
  func keysThatAreNotBase64Of16BytesAreInvalid(key: String) {
    #expect(!WebSocketHandshake.isValidClientKey(key))
  }

  @Test func madeClientKeysAreValidAndFresh() {
    let first = WebSocketHandshake.makeClientKey()
    let second = WebSocketHandshake.makeClientKey()
    #expect(WebSocketHandshake.isValidClientKey(first))
    #expect(WebSocketHandshake.isValidClientKey(second))
    #expect(first != second)
  }

  @Test func clientKeysFromASeededGeneratorRepeat() {
    var a = SplitMix64(state: 42)
    var b = SplitMix64(state: 42)
    #expect(WebSocketHandshake.makeClientKey(using: &a) == WebSocketHandshake.makeClientKey(using: &b))
  }

  @Test(arguments: [
    ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"),
    ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
  ])
  func base64MatchesTheRFC4648Vectors(input: String, encoded: String) {
    #expect(Base64.encode(Array(input.utf8)) == encoded)
  }

  @Test func base64UsesPlusAndSlashForTheTopValues() {
    #expect(Base64.encode([0xFB, 0xFF, 0xBF]) == "+/+/")
  }
}
