/// A close status code (RFC 6455 §7.4). Any `UInt16` can be represented; `isValidInCloseFrame`
/// tells whether a peer may legitimately put it on the wire.
public struct WebSocketCloseCode: RawRepresentable, Sendable, Hashable {
  public let rawValue: UInt16

  public init(rawValue: UInt16) { self.rawValue = rawValue }
  public init(_ rawValue: UInt16) { self.rawValue = rawValue }

  public static let normal = WebSocketCloseCode(1000)
  public static let goingAway = WebSocketCloseCode(1001)
  public static let protocolError = WebSocketCloseCode(1002)
  public static let unsupportedData = WebSocketCloseCode(1003)
  public static let invalidPayload = WebSocketCloseCode(1007)
  public static let policyViolation = WebSocketCloseCode(1008)
  public static let messageTooBig = WebSocketCloseCode(1009)
  public static let mandatoryExtension = WebSocketCloseCode(1010)
  public static let internalError = WebSocketCloseCode(1011)
  public static let serviceRestart = WebSocketCloseCode(1012)
  public static let tryAgainLater = WebSocketCloseCode(1013)
  public static let badGateway = WebSocketCloseCode(1014)

  /// Whether the code may appear in a received close frame. 1004 is reserved, 1005, 1006 and
  /// 1015 are for local reporting only and must never be sent, 1016–2999 are unassigned
  /// protocol codes, 3000–4999 belong to libraries and applications.
  public var isValidInCloseFrame: Bool {
    switch rawValue {
    case 1000...1003, 1007...1014, 3000...4999: true
    default: false
    }
  }
}

extension WebSocketCloseCode: CustomStringConvertible {
  public var description: String { String(rawValue) }
}
