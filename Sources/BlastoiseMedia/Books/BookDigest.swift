import BlastoiseCore

/// A book's ID: `book:` and the first 32 hex digits of the SHA-256 of its folder's path, so the
/// same folder keeps its ID (and everyone's progress) across scans and nodes.
enum BookDigest {
  static func id(folder: String) -> String {
    // SHA-256 of a few bytes in memory cannot fail short of OpenSSL being broken.
    BookID.prefix + Hex.lowercase(Array((SHA256Digest.of(Array(folder.utf8)) ?? []).prefix(16)))
  }
}
