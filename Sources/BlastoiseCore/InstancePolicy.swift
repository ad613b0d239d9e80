/// The server-wide choices an operator makes at start: who may come in and what is offered.
public struct InstancePolicy: Sendable, Equatable {
  /// Visitors without an account may listen as guests.
  public var allowGuests: Bool
  /// Anyone may create an account (otherwise an admin creates them).
  public var allowSignup: Bool

  public init(allowGuests: Bool = false, allowSignup: Bool = true) {
    self.allowGuests = allowGuests
    self.allowSignup = allowSignup
  }
}
