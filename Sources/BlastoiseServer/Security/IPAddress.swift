import Foundation

/// A numeric IPv4 or IPv6 address as 4 or 16 bytes, parsed strictly (`inet_pton`: no host
/// names, ports or zone IDs).
struct IPAddress: Sendable, Hashable, CustomStringConvertible {
  let bytes: [UInt8]

  init?(_ text: some StringProtocol) {
    var v4 = in_addr()
    var v6 = in6_addr()
    let text = String(text)
    if inet_pton(AF_INET, text, &v4) == 1 {
      bytes = withUnsafeBytes(of: v4) { Array($0) }
    } else if inet_pton(AF_INET6, text, &v6) == 1 {
      bytes = withUnsafeBytes(of: v6) { Array($0) }
    } else {
      return nil
    }
  }

  init?(socketAddress: UnsafePointer<sockaddr>) {
    switch Int32(socketAddress.pointee.sa_family) {
    case AF_INET:
      bytes = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
        withUnsafeBytes(of: $0.pointee.sin_addr) { Array($0) }
      }
    case AF_INET6:
      bytes = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
        withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) }
      }
    default:
      return nil
    }
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  var isIPv4: Bool { bytes.count == 4 }

  /// `::ffff:a.b.c.d` as the IPv4 address it stands for (a dual-stack socket reports IPv4
  /// peers so); any other address as itself.
  var unmapped: IPAddress {
    guard bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff else {
      return self
    }
    return IPAddress(bytes: Array(bytes[12...]))
  }

  /// What limits per client count by (`ClientAddress.limitKey`): an IPv4 address whole (an
  /// IPv4-mapped one as that IPv4 address), an IPv6 address by its /64 (`2001:db8:1:2::/64`) — a
  /// host is commonly handed a whole /64 and could take a new address from it for every try.
  var limitKey: String {
    let address = unmapped
    guard !address.isIPv4 else { return address.description }
    return IPAddress(bytes: Array(address.bytes.prefix(8)) + [UInt8](repeating: 0, count: 8)).description + "/64"
  }

  /// The canonical text (`inet_ntop`): one spelling per address.
  var description: String {
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    let family = isIPv4 ? AF_INET : AF_INET6
    let written = bytes.withUnsafeBytes { raw in
      inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count)) != nil
    }
    guard written else { return "?" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
