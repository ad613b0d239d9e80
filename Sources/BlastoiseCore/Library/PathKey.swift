/// A file's path as the file system names it: its bytes. Swift's `String` compares and hashes by
/// canonical equivalence, which means normalizing every non-ASCII path it hashes (most of an
/// unchanged rescan's CPU in a library of accented names), and takes two files whose names
/// differ only in their normalization ("é" as one scalar or as "e" and a combining accent) for
/// one. The scan keys what it found and what the store knows by this instead.
public struct PathKey: Hashable, Sendable, ExpressibleByStringLiteral {
  public let path: String

  public init(_ path: String) { self.path = path }

  public init(stringLiteral path: String) { self.path = path }

  public static func == (lhs: PathKey, rhs: PathKey) -> Bool { sameBytes(lhs.path, rhs.path) }

  public func hash(into hasher: inout Hasher) {
    let hashed: Void? = path.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    if hashed == nil {
      for byte in path.utf8 { hasher.combine(byte) }
    }
  }

  /// Byte equality of two paths (`memcmp` where both are stored contiguously, as native strings are).
  public static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
    guard lhs.utf8.count == rhs.utf8.count else { return false }
    let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in left.elementsEqual(right) }
    }
    return (compared ?? nil) ?? lhs.utf8.elementsEqual(rhs.utf8)
  }
}
