/// The first account that is not a guest becomes the admin, whatever role was asked for, and it
/// may be made only by someone who showed they may (`firstAllowed`: the server's own machine, or
/// the setup code from its log). Stores apply it inside the transaction that inserts the account.
public enum FirstAccountRule {
  public static func role(requested: Role, accountsExist: Bool, firstAllowed: Bool) throws(CoreError) -> Role {
    guard requested != .guest, !accountsExist else { return requested }
    guard firstAllowed else {
      throw CoreError(
        .forbidden,
        "The first account (the admin) needs the setup code from the server log, or sign up on the server's own machine"
      )
    }
    return .admin
  }
}
