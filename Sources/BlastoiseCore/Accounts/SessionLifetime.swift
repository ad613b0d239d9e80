/// How long a session lives: it dies after `idleSeconds` without use or `absoluteSeconds` after
/// sign-in, whichever comes first. Guests die sooner when idle (`guestIdleSeconds`), so a
/// visitor who never comes back costs a row for minutes, not weeks.
public struct SessionLifetime: Sendable, Equatable {
  public var idleSeconds: Int64
  public var absoluteSeconds: Int64
  public var guestIdleSeconds: Int64
  /// Last-use times are written at most this often, so reads do not turn into writes.
  public var touchIntervalSeconds: Int64 = 60

  public init(idleSeconds: Int64 = 14 * 86_400, absoluteSeconds: Int64 = 90 * 86_400, guestIdleSeconds: Int64 = 600) {
    self.idleSeconds = idleSeconds
    self.absoluteSeconds = absoluteSeconds
    self.guestIdleSeconds = guestIdleSeconds
  }

  public func isAlive(createdAt: Int64, lastSeenAt: Int64, now: Int64, guest: Bool = false) -> Bool {
    now - lastSeenAt < (guest ? guestIdleSeconds : idleSeconds) && now - createdAt < absoluteSeconds
  }

  public func needsTouch(lastSeenAt: Int64, now: Int64) -> Bool {
    now - lastSeenAt >= touchIntervalSeconds
  }

  /// Cookie Max-Age: the absolute limit (the idle limit is enforced server-side).
  public var cookieMaxAge: Int { Int(absoluteSeconds) }
}
