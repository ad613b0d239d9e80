import BlastoiseClient
import Foundation

/// Signs a client command in as `user`: the password from BLASTOISE_PASSWORD, else standard
/// input (asked for without echo on a terminal), never from the command line. Exits 2 without
/// a password, 1 when the server refuses it.
enum PasswordSignIn {
  static func signIn(_ api: BlastoiseAPI, as user: String) async {
    var password = ProcessInfo.processInfo.environment["BLASTOISE_PASSWORD"] ?? ""
    if password.isEmpty {
      password =
        (Terminal.inputIsTTY ? Terminal.readSecret(prompt: "Password for \(user): ") : readLine(strippingNewline: true))
        ?? ""
    }
    guard !password.isEmpty else {
      fail("blastoise: give the password in BLASTOISE_PASSWORD or on standard input", status: 2)
    }
    do {
      try await api.logIn(username: user, password: password)
    } catch {
      fail("blastoise: cannot sign in as \(user): \(error.message)", status: 1)
    }
  }

  static func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
  }
}
