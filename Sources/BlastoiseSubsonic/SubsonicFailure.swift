/// The error codes of the Subsonic API (answered on HTTP 200, `status="failed"`).
public enum SubsonicErrorCode: Int, Sendable, CaseIterable {
  case generic = 0
  case missingParameter = 10
  case clientMustUpgrade = 20
  case serverMustUpgrade = 30
  case wrongCredentials = 40
  case tokenNotSupported = 41
  case mechanismNotSupported = 42
  case conflictingMechanisms = 43
  case invalidAPIKey = 44
  case notAuthorized = 50
  case notFound = 70
}

/// A Subsonic request that fails: its code and a message that says what to do.
public struct SubsonicFailure: Error, Sendable, Equatable {
  public let code: SubsonicErrorCode
  public let message: String

  public init(_ code: SubsonicErrorCode, _ message: String) {
    self.code = code
    self.message = message
  }

  public static func missing(_ parameter: String) -> SubsonicFailure {
    SubsonicFailure(.missingParameter, "Required parameter is missing: \(parameter)")
  }

  public var element: SubsonicElement {
    SubsonicElement("error", ["code": code.rawValue, "message": message])
  }
}
