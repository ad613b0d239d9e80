/// A block of addresses written `ADDR/PREFIX` (`10.0.0.0/8`, `fd00::/8`); a bare address is a
/// block of one. Bits past the prefix are ignored, as in `192.168.1.10/24`.
public struct AddressRange: Sendable, Equatable, CustomStringConvertible {
  let network: IPAddress
  let prefixLength: Int

  /// A reverse proxy on this machine.
  public static let loopback = [AddressRange("127.0.0.0/8"), AddressRange("::1")].compactMap { $0 }

  public init?(_ text: String) {
    let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    guard let address = IPAddress(parts[0]) else { return nil }
    let bits = address.bytes.count * 8
    var length = bits
    if parts.count == 2 {
      guard parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), let given = Int(parts[1]), given <= bits else {
        return nil
      }
      length = given
    }
    // `::ffff:10.0.0.0/104` is the IPv4 block it spells, as addresses are compared unmapped.
    let unmapped = address.unmapped
    if unmapped.isIPv4, !address.isIPv4, length >= 96 { length -= 96 }
    network = unmapped.isIPv4 && length <= 32 ? unmapped : address
    prefixLength = length
  }

  func contains(_ address: IPAddress) -> Bool {
    let candidate = address.unmapped
    guard candidate.bytes.count == network.bytes.count else { return false }
    for index in network.bytes.indices {
      let bitsHere = min(8, max(0, prefixLength - index * 8))
      let mask = bitsHere == 0 ? 0 : UInt8(truncatingIfNeeded: 0xff << (8 - bitsHere))
      if candidate.bytes[index] & mask != network.bytes[index] & mask { return false }
    }
    return true
  }

  public var description: String { "\(network)/\(prefixLength)" }
}
