import BlastoiseCore
import COpenSSL
import Foundation

/// Phase 2: the track ID — `sha256:` + hex SHA-256 of the whole file (OpenSSL, 1 MiB reads);
/// a backed-up photo's checksum, and a resumable upload's chunk checksum, the same way.
public enum FileHasher {
  public static func trackID(ofFileAt path: String) -> String? {
    sha256(ofFileAt: path).map { TrackID.prefix + $0 }
  }

  /// The file's SHA-256 in lower-case hex; nil when it cannot be read.
  public static func sha256(ofFileAt path: String) -> String? {
    digest(ofFileAt: path, .sha256).map(Hex.lowercase)
  }

  /// The digest of `length` bytes from `offset` (the rest of the file without a length); nil
  /// when the file cannot be read or is shorter.
  public static func digest(
    ofFileAt path: String, _ algorithm: Tus.ChecksumAlgorithm, offset: Int = 0, length: Int? = nil
  ) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    guard let context = EVP_MD_CTX_new() else { return nil }
    defer { EVP_MD_CTX_free(context) }
    guard EVP_DigestInit_ex(context, algorithm == .sha1 ? EVP_sha1() : EVP_sha256(), nil) == 1 else { return nil }
    let bufferSize = 1 << 20
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: bufferSize, alignment: 64)
    defer { buffer.deallocate() }
    var position = off_t(offset)
    var remaining = length ?? Int.max
    while remaining > 0 {
      let count = pread(descriptor, buffer, min(bufferSize, remaining), position)
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      guard EVP_DigestUpdate(context, buffer, count) == 1 else { return nil }
      position += off_t(count)
      remaining -= count
    }
    if length != nil, remaining > 0 { return nil }  // The file is shorter.
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var size: UInt32 = 0
    guard EVP_DigestFinal_ex(context, &digest, &size) == 1 else { return nil }
    return Array(digest.prefix(Int(size)))
  }
}
