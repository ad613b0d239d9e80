import BlastoiseCore
import COpenSSL

/// SHA-256 of bytes handed over piece by piece (an episode as it downloads), so the file need
/// not be read again to name it. One owner at a time.
public final class StreamingSHA256 {
  private let context: OpaquePointer?

  public init() {
    context = EVP_MD_CTX_new()
    if let context, EVP_DigestInit_ex(context, EVP_sha256(), nil) != 1 { EVP_MD_CTX_free(context) }
  }

  deinit { EVP_MD_CTX_free(context) }

  public func update(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let context else { return false }
    return bytes.isEmpty || EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1
  }

  /// `sha256:` + the hex digest (as `FileHasher` names a file); nil when OpenSSL failed.
  public func trackID() -> String? {
    guard let context else { return nil }
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    guard EVP_DigestFinal_ex(context, &digest, &length) == 1, length == 32 else { return nil }
    return TrackID.prefix + Hex.lowercase(digest)
  }
}
