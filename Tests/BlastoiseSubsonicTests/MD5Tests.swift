import Testing

@testable import BlastoiseSubsonic

struct MD5Tests {
  /// RFC 1321's test suite (appendix A.5).
  @Test(arguments: [
    ("", "d41d8cd98f00b204e9800998ecf8427e"),
    ("a", "0cc175b9c0f1b6a831c399e269772661"),
    ("abc", "900150983cd24fb0d6963f7d28e17f72"),
    ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
    ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
    ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
    (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a"),
  ])
  func rfc1321Vectors(message: String, digest: String) {
    #expect(MD5.hex(message) == digest)
  }

  /// The Subsonic documentation's own example: password "sesame", salt "c19b2d".
  @Test func theSubsonicDocumentationsTokenMatches() {
    #expect(SubsonicCredentials.tokenMatches("26719a1196d2a940705a59634eb18eab", salt: "c19b2d", secret: "sesame"))
    #expect(SubsonicCredentials.tokenMatches("26719A1196D2A940705A59634EB18EAB", salt: "c19b2d", secret: "sesame"))
    #expect(!SubsonicCredentials.tokenMatches("26719a1196d2a940705a59634eb18eab", salt: "c19b2e", secret: "sesame"))
    #expect(!SubsonicCredentials.tokenMatches("26719a", salt: "c19b2d", secret: "sesame"))
  }
}
