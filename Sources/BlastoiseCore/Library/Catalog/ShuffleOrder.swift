import BlastoiseSync

/// A random order that pages: each album or artist keeps a fixed key (from its ID), and a seed
/// picks the map `key → (key × multiplier + offset) mod p` (p = 2³¹ − 1, a prime, so the map
/// is one to one). The same seed gives the same order, which a store can sort by with integers.
public struct ShuffleOrder: Sendable, Equatable {
  public static let modulus: Int64 = 2_147_483_647

  public let multiplier: Int64
  public let offset: Int64

  public init(seed: UInt32) {
    var generator = SplitMix64(state: UInt64(seed))
    multiplier = 1 + Int64(generator.next() % UInt64(Self.modulus - 1))
    offset = Int64(generator.next() % UInt64(Self.modulus))
  }

  /// An ID's fixed key, below `modulus`: its first 8 hex digits (catalog IDs are hex).
  public static func key(ofID id: String) -> Int64 {
    (Int64(id.prefix(8), radix: 16) ?? 0) % modulus
  }

  /// Where `key` goes in this order: smaller first.
  public func position(of key: Int64) -> Int64 { (key * multiplier + offset) % Self.modulus }
}
