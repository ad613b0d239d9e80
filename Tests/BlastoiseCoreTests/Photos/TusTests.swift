import BlastoiseCore
import Foundation
import Testing

@Suite struct TusTests {
  @Test func metadataIsBase64PairsAndKeysAlone() throws {
    let header = "filename \(Data("IMG_0001 ä.JPG".utf8).base64EncodedString()),is_confidential, device cGl4ZWw="
    #expect(try Tus.metadata(header) == ["filename": "IMG_0001 ä.JPG", "is_confidential": "", "device": "pixel"])
    #expect(try Tus.metadata("") == [:])
  }

  @Test func malformedMetadataIsRefused() {
    for header in [
      "filename not-base64!", "a YQ==,a YQ==", "a b c", "filename /w==", String(repeating: "k ", count: 5_000),
    ] {
      #expect(throws: Tus.HeaderError.self, "\(header.prefix(20))") { try Tus.metadata(header) }
    }
  }

  @Test func checksumsAreSHA1OrSHA256() throws {
    let sha1 = [UInt8](repeating: 7, count: 20)
    #expect(
      try Tus.checksum("sha1 \(Data(sha1).base64EncodedString())") == Tus.Checksum(algorithm: .sha1, digest: sha1))
    let sha256 = [UInt8](repeating: 9, count: 32)
    #expect(try Tus.checksum("SHA256 \(Data(sha256).base64EncodedString())").algorithm == .sha256)
    #expect(throws: Tus.HeaderError.unsupportedAlgorithm("md5")) { try Tus.checksum("md5 AAAA") }
    #expect(throws: Tus.HeaderError.self) { try Tus.checksum("sha1 \(Data(sha256).base64EncodedString())") }
    #expect(throws: Tus.HeaderError.self) { try Tus.checksum("sha1") }
  }

  @Test func uploadIDsAreServerMade() {
    #expect(Tus.isUploadID(String(repeating: "a1", count: 16)))
    for id in ["", "../../etc/passwd", String(repeating: "A", count: 32), String(repeating: "a", count: 33)] {
      #expect(!Tus.isUploadID(id))
    }
  }

  @Test func expiryIsAnHTTPDate() {
    #expect(Tus.httpDate(milliseconds: 784_111_777_000) == "Sun, 06 Nov 1994 08:49:37 GMT")
    #expect(Tus.httpDate(milliseconds: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
    #expect(Tus.httpDate(milliseconds: 1_717_191_000_999) == "Fri, 31 May 2024 21:30:00 GMT")
  }
}
