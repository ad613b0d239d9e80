import BlastoiseCore
import COpenSSL

/// SHA-256 of bytes in memory (a picture, a book's folder path, a backup chunk).
public enum SHA256Digest {
  public static func of(_ bytes: [UInt8]) -> [UInt8]? {
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    guard EVP_Digest(bytes, bytes.count, &digest, &length, EVP_sha256(), nil) == 1, length == 32 else { return nil }
    return digest
  }
}

/// A picture's cover ID (`CoverID`): the lower-case hex SHA-256 of its bytes.
enum CoverDigest {
  static func id(of bytes: [UInt8]) -> String? { SHA256Digest.of(bytes).map(Hex.lowercase) }
}
