import BlastoiseCore
import CSodium

/// 256-bit tokens from libsodium's CSPRNG (getrandom), base64url; stored as SHA-256 hex.
struct SodiumSessionTokens: SessionTokens {
  init() {
    SodiumLibrary.initialize()
  }

  func newToken() -> String {
    var bytes = [UInt8](repeating: 0, count: 32)
    randombytes_buf(&bytes, bytes.count)
    var encoded = [CChar](
      repeating: 0, count: sodium_base64_encoded_len(32, Int32(sodium_base64_VARIANT_URLSAFE_NO_PADDING)))
    _ = sodium_bin2base64(&encoded, encoded.count, bytes, bytes.count, Int32(sodium_base64_VARIANT_URLSAFE_NO_PADDING))
    return String(decoding: encoded.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  func hash(_ token: String) -> String {
    var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
    let bytes = Array(token.utf8)
    crypto_hash_sha256(&digest, bytes, UInt64(bytes.count))
    return Hex.lowercase(digest)
  }
}
