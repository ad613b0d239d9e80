/// Where a request came from, as the server worked it out: `address` (canonical text) for logs
/// and the admin's list of guests, `limitKey` for the limits that count per client — failed
/// sign-ins and live guest sessions. The server gives every address of one host one key: an IPv6
/// client is keyed by its /64, the network a host is commonly handed whole, so it cannot step
/// round a limit by taking a new address for each attempt.
public struct ClientAddress: Sendable, Equatable, CustomStringConvertible {
  public let address: String
  public let limitKey: String

  public init(address: String, limitKey: String) {
    self.address = address
    self.limitKey = limitKey
  }

  public var description: String { address }
}
