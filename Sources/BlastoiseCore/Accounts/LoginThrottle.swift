/// Limits failed sign-ins without letting an attacker lock a real user out.
///
/// Failures count per client address and per (address, username) pair inside a sliding window.
/// A flood of failures for one username from elsewhere never blocks that user's own address;
/// a distributed guess at one account is slowed by argon2id and by each address's own limit.
/// The failures are kept in the store (`SignInFailureStore`), so every node sharing it counts
/// them together: nodes behind one load balancer give an address the tries of one.
public struct LoginThrottle: Sendable {
  public struct Limits: Sendable {
    public var perAddress = 30
    public var perAddressAndAccount = 5
    public var windowSeconds = 900.0
    public init() {}
  }

  public let limits: Limits
  private let store: any SignInFailureStore

  public init(store: any SignInFailureStore, limits: Limits = Limits()) {
    self.store = store
    self.limits = limits
  }

  /// Seconds to wait before trying again, or nil when an attempt may proceed.
  public func retryAfter(address: String, usernameKey: String, now: Double) async throws -> Int? {
    let windowStart = Self.milliseconds(now - limits.windowSeconds)
    var counted: [(failures: SignInFailures, limit: Int)] = []
    for (key, limit) in keys(address: address, usernameKey: usernameKey) {
      counted.append((try await store.failures(key: key, after: windowStart), limit))
    }
    return Self.wait(counted, windowSeconds: limits.windowSeconds, now: now)
  }

  public func recordFailure(address: String, usernameKey: String, now: Double) async throws {
    try await store.recordFailure(
      keys: keys(address: address, usernameKey: usernameKey).map(\.key), at: Self.milliseconds(now))
  }

  /// A successful sign-in clears that pair's failures (not the address's). Most have none to
  /// clear: a read, not a write (apps that sign in with every request, as Subsonic apps do, would
  /// otherwise write on every request).
  public func recordSuccess(address: String, usernameKey: String) async throws {
    let key = Self.pairKey(address, usernameKey)
    guard try await store.failures(key: key, after: Int64.min).count > 0 else { return }
    try await store.clearFailures(key: key)
  }

  /// Removes the failures that have left the window (they count no more); returns how many.
  public func forgetOld(now: Double) async throws -> Int {
    try await store.removeFailures(through: Self.milliseconds(now - limits.windowSeconds))
  }

  /// The rule: a key at its limit waits until its oldest failure in the window leaves it (at
  /// least a second); nil when no key is at its limit.
  static func wait(_ counted: [(failures: SignInFailures, limit: Int)], windowSeconds: Double, now: Double) -> Int? {
    var wait: Double?
    for (failures, limit) in counted where failures.count >= limit {
      guard let oldest = failures.oldest else { continue }
      wait = max(wait ?? 0, Double(oldest) / 1000 + windowSeconds - now)
    }
    return wait.map { max(1, Int($0.rounded(.up))) }
  }

  private func keys(address: String, usernameKey: String) -> [(key: String, limit: Int)] {
    [(Self.addressKey(address), limits.perAddress), (Self.pairKey(address, usernameKey), limits.perAddressAndAccount)]
  }

  private static func addressKey(_ address: String) -> String { "a:" + address }

  private static func pairKey(_ address: String, _ usernameKey: String) -> String { "p:\(address)|\(usernameKey)" }

  private static func milliseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1000).rounded()) }
}
