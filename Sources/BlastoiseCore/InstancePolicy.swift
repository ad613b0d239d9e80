/// The server-wide choices of who may come in: given at start (the command line's defaults), and
/// changed at run time by an admin (kept in the store, so every node reads the same).
public struct InstancePolicy: Sendable, Equatable {
  /// Visitors without an account may listen as guests.
  public var allowGuests: Bool
  /// Anyone may create an account (otherwise an admin creates them).
  public var allowSignup: Bool

  public init(allowGuests: Bool = false, allowSignup: Bool = true) {
    self.allowGuests = allowGuests
    self.allowSignup = allowSignup
  }

  static let guestsName = "allow_guests"
  static let signupName = "allow_signup"

  /// The defaults with what an admin chose over them (`stored`, as `storedValues` wrote it).
  public init(defaults: InstancePolicy, stored: [String: String]) {
    allowGuests = stored[Self.guestsName].flatMap(Bool.init) ?? defaults.allowGuests
    allowSignup = stored[Self.signupName].flatMap(Bool.init) ?? defaults.allowSignup
  }

  /// The switches as the store keeps them.
  public var storedValues: [String: String] {
    [Self.guestsName: String(allowGuests), Self.signupName: String(allowSignup)]
  }
}
