import Synchronization

/// Callers of an API that sends credentials with every request (the Subsonic API), whose
/// credentials were checked a moment ago: for `lifetime` seconds the same credentials are not
/// checked again (no store reads, no argon2id for a password). Revoking an app password forgets
/// them all on this node; another node keeps its own for at most `lifetime`.
public final class VerifiedCallers: Sendable {
  public static let lifetime = 10.0
  static let capacity = 10_000
  private let callers = Mutex<[String: (principal: Principal, until: Double)]>([:])

  public init() {}

  /// The principal `key`'s credentials were checked to be, while that holds.
  public func principal(_ key: String, now: Double) -> Principal? {
    callers.withLock { callers in
      guard let kept = callers[key] else { return nil }
      guard kept.until > now else {
        callers[key] = nil
        return nil
      }
      return kept.principal
    }
  }

  public func remember(_ principal: Principal, as key: String, now: Double) {
    callers.withLock { callers in
      if callers.count >= Self.capacity { callers = callers.filter { $0.value.until > now } }
      if callers.count >= Self.capacity { callers.removeAll() }
      callers[key] = (principal, now + Self.lifetime)
    }
  }

  public func forgetAll() { callers.withLock { $0.removeAll() } }
}
