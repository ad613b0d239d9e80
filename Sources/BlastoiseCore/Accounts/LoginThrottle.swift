/// Limits failed sign-ins without letting an attacker lock a real user out.
///
/// Failures count per client address and per (address, username) pair inside a sliding window.
/// A flood of failures for one username from elsewhere never blocks that user's own address;
/// a distributed guess at one account is slowed by argon2id and by each address's own limit.
public struct LoginThrottle: Sendable {
  public struct Limits: Sendable {
    public var perAddress = 30
    public var perAddressAndAccount = 5
    public var windowSeconds = 900.0
    public init() {}
  }

  private let limits: Limits
  private var failures: [String: [Double]] = [:]

  public init(limits: Limits = Limits()) {
    self.limits = limits
  }

  /// Seconds to wait before trying again, or nil when an attempt may proceed.
  public mutating func retryAfter(address: String, usernameKey: String, now: Double) -> Int? {
    let keys = [
      (Self.addressKey(address), limits.perAddress),
      (Self.pairKey(address, usernameKey), limits.perAddressAndAccount),
    ]
    var wait: Double?
    for (key, limit) in keys {
      let recent = prune(key, now: now)
      if recent.count >= limit, let oldest = recent.first {
        wait = max(wait ?? 0, oldest + limits.windowSeconds - now)
      }
    }
    return wait.map { max(1, Int($0.rounded(.up))) }
  }

  public mutating func recordFailure(address: String, usernameKey: String, now: Double) {
    if failures.count > 50_000 { pruneAll(now: now) }
    failures[Self.addressKey(address), default: []].append(now)
    failures[Self.pairKey(address, usernameKey), default: []].append(now)
  }

  /// A successful sign-in clears that pair's failures (not the address's).
  public mutating func recordSuccess(address: String, usernameKey: String) {
    failures[Self.pairKey(address, usernameKey)] = nil
  }

  private static func addressKey(_ address: String) -> String { "a:" + address }

  private static func pairKey(_ address: String, _ usernameKey: String) -> String { "p:\(address)|\(usernameKey)" }

  private mutating func prune(_ key: String, now: Double) -> [Double] {
    let recent = (failures[key] ?? []).filter { $0 > now - limits.windowSeconds }
    failures[key] = recent.isEmpty ? nil : recent
    return recent
  }

  private mutating func pruneAll(now: Double) {
    for key in Array(failures.keys) { _ = prune(key, now: now) }
  }
}
