/// Failed sign-ins, kept in the store so that every node sharing it counts them (`LoginThrottle`
/// is the rule). One row per failure and key; times are milliseconds since 1970.
public protocol SignInFailureStore: Sendable {
  /// One failure under each of `keys` at `time`.
  func recordFailure(keys: [String], at time: Int64) async throws
  /// The failures of `key` strictly after `time`: how many, and when the oldest of them was.
  func failures(key: String, after time: Int64) async throws -> SignInFailures
  /// Forgets every failure of `key`.
  func clearFailures(key: String) async throws
  /// Removes the failures at or before `time` (of every key); returns how many.
  func removeFailures(through time: Int64) async throws -> Int
}

/// What `SignInFailureStore.failures` counted: `oldest` is nil when `count` is 0.
public struct SignInFailures: Sendable, Equatable {
  public let count: Int
  public let oldest: Int64?

  public init(count: Int, oldest: Int64?) {
    self.count = count
    self.oldest = oldest
  }
}
