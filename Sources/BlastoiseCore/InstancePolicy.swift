/// The server-wide choices an operator makes at start: who may come in and what is offered.
public struct InstancePolicy: Sendable, Equatable {
  /// Visitors without an account may listen as guests.
  public var allowGuests: Bool
  /// Anyone may create an account (otherwise an admin creates them).
  public var allowSignup: Bool
  /// URL import through yt-dlp is switched on by the operator.
  public var urlImportEnabled: Bool

  public init(allowGuests: Bool = false, allowSignup: Bool = true, urlImportEnabled: Bool = false) {
    self.allowGuests = allowGuests
    self.allowSignup = allowSignup
    self.urlImportEnabled = urlImportEnabled
  }
}
