/// A server always keeps an admin who can sign in: the last one may be neither demoted nor
/// disabled. Stores apply it inside the transaction that changes the account.
public enum LastAdminRule {
  /// Throws when `account` is the last enabled admin and the change would take that away.
  /// `otherAdmins`: enabled admins besides it.
  public static func check(_ account: StoredUser, role: Role, disabled: Bool, otherAdmins: Int) throws(CoreError) {
    let keepsAnAdmin = account.role != .admin || account.disabled || (role == .admin && !disabled)
    guard keepsAnAdmin || otherAdmins > 0 else {
      throw CoreError(.conflict, "This is the only admin: make another account an admin first")
    }
  }
}
