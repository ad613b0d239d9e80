/// Whether a client address is this machine's own: all of 127.0.0.0/8 and `::1` (IPv4-mapped
/// too, as `AddressRange` compares addresses unmapped). Only the kernel routes those, so nobody
/// elsewhere can send from them.
enum LoopbackAddress {
  static func contains(_ address: String) -> Bool {
    guard let parsed = IPAddress(address) else { return false }
    return AddressRange.loopback.contains { $0.contains(parsed) }
  }
}
