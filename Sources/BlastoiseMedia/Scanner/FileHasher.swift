import BlastoiseCore
import COpenSSL
import Foundation

/// Phase 2: the track ID — `sha256:` + hex SHA-256 of the whole file (OpenSSL, 1 MiB reads);
/// a backed-up photo's checksum the same way.
public enum FileHasher {
  public static func trackID(ofFileAt path: String) -> String? {
    sha256(ofFileAt: path).map { TrackID.prefix + $0 }
  }

  /// The file's SHA-256 in lower-case hex; nil when it cannot be read.
  public static func sha256(ofFileAt path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    guard let context = EVP_MD_CTX_new() else { return nil }
    defer { EVP_MD_CTX_free(context) }
    guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else { return nil }
    let bufferSize = 1 << 20
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: bufferSize, alignment: 64)
    defer { buffer.deallocate() }
    while true {
      let count = read(descriptor, buffer, bufferSize)
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      guard EVP_DigestUpdate(context, buffer, count) == 1 else { return nil }
    }
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    guard EVP_DigestFinal_ex(context, &digest, &length) == 1, length == 32 else { return nil }
    return Hex.lowercase(digest)
  }
}
