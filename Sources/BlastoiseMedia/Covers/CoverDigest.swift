import BlastoiseCore
import COpenSSL

/// A picture's cover ID (`CoverID`): the lower-case hex SHA-256 of its bytes.
enum CoverDigest {
  static func id(of bytes: [UInt8]) -> String? {
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    guard EVP_Digest(bytes, bytes.count, &digest, &length, EVP_sha256(), nil) == 1, length == 32 else { return nil }
    return Hex.lowercase(digest)
  }
}
