import Foundation

/// Whether a client address is this machine's own: all of 127.0.0.0/8 and `::1` (an IPv4
/// loopback address may also arrive IPv4-mapped, `::ffff:127.x.x.x`). Only the kernel routes
/// those, so nobody elsewhere can send from them.
enum LoopbackAddress {
  static func contains(_ address: String) -> Bool {
    var v4 = in_addr()
    let plain = address.lowercased().hasPrefix("::ffff:") ? String(address.dropFirst(7)) : address
    if inet_pton(AF_INET, plain, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
    var v6 = in6_addr()
    var loopback = in6addr_loopback
    return inet_pton(AF_INET6, address, &v6) == 1 && memcmp(&v6, &loopback, MemoryLayout<in6_addr>.size) == 0
  }
}
