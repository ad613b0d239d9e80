import BlastoiseCore
import Foundation

/// The SSRF gate: which IP addresses the server may reach for what it fetches itself (URL import
/// through `ImportProxy`, feeds and everything else through `OutboundHTTP`). Unless private
/// addresses are allowed (`--allow-private-imports`),
/// a host must resolve only to public unicast addresses — never loopback, private (RFC 1918,
/// CGNAT), link-local (cloud metadata at 169.254.169.254), unique-local, multicast, reserved or
/// documentation ranges, nor IPv6 forms that embed such an IPv4 address.
struct OutboundAddressPolicy: Sendable {
  let allowPrivate: Bool
  var resolveTimeoutSeconds: Double = 10

  /// Resolves `host` (getaddrinfo, off the Swift pool) and refuses it when any address is not
  /// public. Returns the addresses.
  func check(host: String) async throws -> [IPAddress] {
    let addresses = try await Self.resolve(host, timeout: resolveTimeoutSeconds)
    guard !allowPrivate else { return addresses }
    if let refused = addresses.first(where: { !$0.isPublic }) {
      throw CoreError.invalid(
        "\(host) is a private or local address (\(refused)); this server only fetches from public addresses")
    }
    return addresses
  }

  func permits(_ address: IPAddress) -> Bool { allowPrivate || address.isPublic }

  private static let timers = DispatchQueue(label: "outbound-resolve-timeouts")

  /// getaddrinfo blocks, so it runs on a thread of its own: a blocked dispatch worker would be
  /// taken from the pool that runs Swift tasks (on Linux they share it).
  static func resolve(_ host: String, timeout: Double) async throws -> [IPAddress] {
    let once = ImportResumeOnce<[IPAddress]>()
    return try await withCheckedThrowingContinuation { continuation in
      once.set(continuation)
      timers.asyncAfter(deadline: .now() + timeout) {
        once.resume(throwing: CoreError.invalid("Looking up \(host) took too long"))
      }
      Thread.detachNewThread {
        once.resume(with: Result { () throws(CoreError) -> [IPAddress] in try lookUp(host) })
      }
    }
  }

  /// The host's addresses, each once (a literal address is itself). Blocks in getaddrinfo.
  static func lookUp(_ host: String) throws(CoreError) -> [IPAddress] {
    if let literal = IPAddress(host) { return [literal] }
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else {
      throw CoreError.invalid("Cannot find the host \(host)")
    }
    defer { freeaddrinfo(first) }
    var addresses: [IPAddress] = []
    var cursor: UnsafeMutablePointer<addrinfo>? = first
    while let entry = cursor {
      if let socketAddress = entry.pointee.ai_addr, let address = IPAddress(socketAddress: socketAddress),
        !addresses.contains(address)
      {
        addresses.append(address)
      }
      cursor = entry.pointee.ai_next
    }
    guard !addresses.isEmpty else { throw CoreError.invalid("Cannot find the host \(host)") }
    return addresses
  }
}

/// Which addresses count as public for what the server fetches.
extension IPAddress {
  /// Public unicast: reachable on the internet and not one of the special ranges.
  var isPublic: Bool {
    if isIPv4 { return Self.isPublicIPv4(bytes) }
    let b = bytes
    // IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96: judge the IPv4.
    if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xff && b[11] == 0xff { return Self.isPublicIPv4(Array(b[12...])) }
    if b[0..<12].allSatisfy({ $0 == 0 }) { return false }  // ::, ::1, and the deprecated compatible form
    if b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xff && b[3] == 0x9b && b[4..<12].allSatisfy({ $0 == 0 }) {
      return Self.isPublicIPv4(Array(b[12...]))
    }
    if b[0] == 0x20 && b[1] == 0x02 { return Self.isPublicIPv4(Array(b[2..<6])) }  // 6to4 2002::/16
    if b[0] & 0xfe == 0xfc { return false }  // unique local fc00::/7
    if b[0] == 0xfe && b[1] & 0xc0 == 0x80 { return false }  // link-local fe80::/10
    if b[0] == 0xfe && b[1] & 0xc0 == 0xc0 { return false }  // site-local fec0::/10 (deprecated)
    if b[0] == 0xff { return false }  // multicast
    if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0d && b[3] == 0xb8 { return false }  // documentation
    if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x00 && b[3] == 0x00 { return false }  // Teredo
    if b[0] == 0x01 && b[1] == 0x00 && b[2..<8].allSatisfy({ $0 == 0 }) { return false }  // discard 100::/64
    return b[0] & 0xe0 == 0x20  // global unicast is 2000::/3
  }

  private static func isPublicIPv4(_ b: [UInt8]) -> Bool {
    switch (b[0], b[1], b[2]) {
    case (0, _, _), (10, _, _), (127, _, _): return false  // "this network", private, loopback
    case (100, 64...127, _): return false  // carrier-grade NAT
    case (169, 254, _): return false  // link-local (cloud metadata)
    case (172, 16...31, _): return false  // private
    case (192, 0, 0), (192, 0, 2): return false  // IETF protocol assignments, documentation
    case (192, 88, 99): return false  // 6to4 relay anycast
    case (192, 168, _): return false  // private
    case (198, 18...19, _): return false  // benchmarking
    case (198, 51, 100), (203, 0, 113): return false  // documentation
    case (224...255, _, _): return false  // multicast, reserved, broadcast
    default: return true
    }
  }
}
