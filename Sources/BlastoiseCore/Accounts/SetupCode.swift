/// The one-time code that lets the first account (the admin) be made from another machine: it
/// is printed in the server log at start while no account exists, so only whoever can read that
/// log can claim the server.
struct SetupCode: Sendable {
  let value: String

  /// Compared in constant time, so the answer's timing tells nothing about a guess.
  func matches(_ guess: String?) -> Bool {
    guard let guess else { return false }
    let (expected, given) = (Array(value.utf8), Array(guess.utf8))
    guard expected.count == given.count else { return false }
    return zip(expected, given).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }
}
