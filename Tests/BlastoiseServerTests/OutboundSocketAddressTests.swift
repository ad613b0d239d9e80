import CCurl
import Foundation
import Testing

@testable import BlastoiseServer

/// libcurl hands the open-socket callback a `curl_sockaddr` whose `addr` is declared as a 16-byte
/// `sockaddr`; an IPv6 address is 28 bytes and runs on past it. The address check must read
/// the whole address where libcurl put it, or it would judge 16 bytes and whatever follows a copy.
@Suite struct OutboundSocketAddressTests {
  /// A `curl_sockaddr` as libcurl lays it out, with room for the longest address after `addr`.
  private static func withSocketAddress<T>(
    family: Int32, fill: (UnsafeMutableRawPointer) -> Void, _ body: (UnsafePointer<curl_sockaddr>) -> T
  ) -> T {
    let size = MemoryLayout<curl_sockaddr>.size + MemoryLayout<sockaddr_storage>.size
    let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<curl_sockaddr>.alignment)
    defer { raw.deallocate() }
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
    let address = raw.bindMemory(to: curl_sockaddr.self, capacity: 1)
    address.pointee.family = family
    fill(raw + MemoryLayout<curl_sockaddr>.offset(of: \.addr)!)
    return body(UnsafePointer(address))
  }

  @Test func anIPv6AddressIsReadWhole() throws {
    var v6 = sockaddr_in6()
    v6.sin6_family = sa_family_t(AF_INET6)
    #expect(inet_pton(AF_INET6, "2001:4860::8888", &v6.sin6_addr) == 1)
    let read = Self.withSocketAddress(family: AF_INET6, fill: { $0.storeBytes(of: v6, as: sockaddr_in6.self) }) {
      OutboundTransfer.connectingTo($0)
    }
    #expect(read == IPAddress("2001:4860::8888"))
  }

  @Test func anIPv4AddressIsRead() throws {
    var v4 = sockaddr_in()
    v4.sin_family = sa_family_t(AF_INET)
    #expect(inet_pton(AF_INET, "10.1.2.3", &v4.sin_addr) == 1)
    let read = Self.withSocketAddress(family: AF_INET, fill: { $0.storeBytes(of: v4, as: sockaddr_in.self) }) {
      OutboundTransfer.connectingTo($0)
    }
    #expect(read == IPAddress("10.1.2.3"))
  }
}
