/// How a Subsonic request says who asks: an API key (the `apiKeyAuthentication` extension), a
/// token and salt (`t = md5(password + salt)`), or a password (`p=`, plain or `enc:` and hex).
/// Exactly one of them, as the OpenSubsonic documentation says.
public enum SubsonicCredentials: Sendable, Equatable {
  case apiKey(String)
  case token(username: String, token: String, salt: String)
  case password(username: String, password: String)

  public init(_ parameters: SubsonicParameters) throws(SubsonicFailure) {
    let username = parameters.string("u")
    let password = parameters.string("p")
    let token = parameters.string("t")
    if let key = parameters.string("apiKey") {
      guard username == nil, password == nil, token == nil, parameters.string("s") == nil else {
        throw SubsonicFailure(.conflictingMechanisms, "Send an apiKey alone, without u, p, t or s")
      }
      guard !key.isEmpty else { throw SubsonicFailure(.invalidAPIKey, "The API key is empty") }
      self = .apiKey(key)
      return
    }
    guard let username, !username.isEmpty else { throw .missing("u") }
    switch (password, token) {
    case (.some, .some):
      throw SubsonicFailure(.conflictingMechanisms, "Send either a password (p) or a token and salt (t, s)")
    case (.some(let password), nil):
      self = .password(username: username, password: try Self.decoded(password))
    case (nil, .some(let token)):
      self = .token(username: username, token: token, salt: try parameters.required("s"))
    case (nil, nil):
      throw .missing("p or t")
    }
  }

  public var username: String? {
    switch self {
    case .apiKey: nil
    case .token(let username, _, _), .password(let username, _): username
    }
  }

  /// The token a client sends: md5(`secret` + `salt`) in hex.
  public static func token(secret: String, salt: String) -> String { MD5.hex(secret + salt) }

  /// Whether `token` is md5(`secret` + `salt`) in hex (any case), compared in constant time.
  public static func tokenMatches(_ token: String, salt: String, secret: String) -> Bool {
    let expected = Array(Self.token(secret: secret, salt: salt).utf8)
    let given = Array(token.lowercased().utf8)
    guard given.count == expected.count else { return false }
    return zip(given, expected).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }

  /// `enc:` and the password's UTF-8 in hex, or the password itself.
  private static func decoded(_ password: String) throws(SubsonicFailure) -> String {
    guard password.hasPrefix("enc:") else { return password }
    let hex = Array(password.utf8.dropFirst(4))
    var bytes: [UInt8] = []
    guard hex.count % 2 == 0 else { throw Self.badHex }
    for index in stride(from: 0, to: hex.count, by: 2) {
      guard let high = digit(hex[index]), let low = digit(hex[index + 1]) else { throw Self.badHex }
      bytes.append(high << 4 | low)
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { throw Self.badHex }
    return text
  }

  private static let badHex = SubsonicFailure(.wrongCredentials, "After 'enc:' the password is in hex (its UTF-8)")

  private static func digit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
