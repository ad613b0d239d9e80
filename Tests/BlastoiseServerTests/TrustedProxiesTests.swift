import Testing

@testable import BlastoiseServer

/// The walk from the connection's peer leftwards through `X-Forwarded-For`.
@Suite struct TrustedProxiesTests {
  static func proxies(_ ranges: String...) -> TrustedProxies {
    TrustedProxies(ranges: ranges.compactMap(AddressRange.init))
  }

  @Test(arguments: [
    ("127.0.0.0/8", "127.9.8.7", true), ("127.0.0.0/8", "128.0.0.1", false), ("10.1.2.3", "10.1.2.3", true),
    ("10.1.2.3", "10.1.2.4", false), ("192.168.1.10/24", "192.168.1.200", true), ("0.0.0.0/0", "8.8.8.8", true),
    ("172.16.0.0/12", "172.31.255.255", true), ("172.16.0.0/12", "172.32.0.0", false),
    ("::1", "::1", true), ("::1", "::2", false), ("fd00::/8", "fdab::1", true), ("fd00::/8", "fe00::1", false),
    ("2001:db8::/33", "2001:db8:7fff::1", true), ("2001:db8::/33", "2001:db8:8000::1", false),
    // A dual-stack socket reports IPv4 peers as ::ffff:a.b.c.d; they are the same address.
    ("127.0.0.0/8", "::ffff:127.0.0.1", true), ("::ffff:10.0.0.0/104", "10.9.9.9", true),
    ("10.0.0.0/8", "::a00:1", false), ("::/0", "10.0.0.1", false),
  ])
  func rangesContainTheirAddresses(range: String, address: String, contained: Bool) throws {
    let block = try #require(AddressRange(range))
    #expect(block.contains(try #require(IPAddress(address))) == contained)
  }

  @Test(arguments: ["", "proxy.example", "10.0.0.0/", "10.0.0.0/33", "::/129", "10.0.0.0/-1", "10.0.0.0/+8", "1.2.3"])
  func malformedRangesAreRefused(text: String) {
    #expect(AddressRange(text) == nil)
  }

  @Test func anUntrustedPeerIsTheClientWhateverItForwards() {
    let walk = Self.proxies("10.0.0.0/8")
    #expect(walk.clientAddress(peer: "203.0.113.9", forwardedFor: ["10.0.0.1", "198.51.100.1"]) == "203.0.113.9")
    #expect(walk.clientAddress(peer: "203.0.113.9", forwardedFor: []) == "203.0.113.9")
    #expect(Self.proxies().clientAddress(peer: "127.0.0.1", forwardedFor: ["198.51.100.1"]) == "127.0.0.1")
  }

  @Test func theClientIsTheRightmostAddressNoTrustedProxyAdded() {
    let walk = Self.proxies("127.0.0.0/8", "10.0.0.0/8")
    // The client forged the left part; the local proxy appended the address it saw.
    #expect(walk.clientAddress(peer: "127.0.0.1", forwardedFor: ["198.51.100.7, 203.0.113.9"]) == "203.0.113.9")
    // Two trusted proxies in a row, one appending on its own header line.
    #expect(
      walk.clientAddress(peer: "127.0.0.1", forwardedFor: ["1.1.1.1, 203.0.113.9", "10.0.0.5"]) == "203.0.113.9")
    // A forged trusted-looking entry left of the real client stays ignored.
    #expect(walk.clientAddress(peer: "127.0.0.1", forwardedFor: ["10.0.0.9, 203.0.113.9"]) == "203.0.113.9")
    // Every hop trusted: the leftmost is the best we know.
    #expect(walk.clientAddress(peer: "127.0.0.1", forwardedFor: ["10.0.0.2, 10.0.0.3"]) == "10.0.0.2")
    // A trusted proxy that sent no header is itself the client.
    #expect(walk.clientAddress(peer: "127.0.0.1", forwardedFor: []) == "127.0.0.1")
  }

  @Test func addressesComeOutCanonicalNeverAsWritten() {
    let walk = Self.proxies("::1", "127.0.0.1")
    #expect(walk.clientAddress(peer: "::1", forwardedFor: ["2001:DB8:0:0::1"]) == "2001:db8::1")
    #expect(walk.clientAddress(peer: "::ffff:127.0.0.1", forwardedFor: ["::ffff:203.0.113.9"]) == "203.0.113.9")
    #expect(walk.clientAddress(peer: "::1", forwardedFor: ["[2001:db8::1]:4711"]) == "2001:db8::1")
    #expect(walk.clientAddress(peer: "::1", forwardedFor: ["203.0.113.9:4711"]) == "203.0.113.9")
    #expect(walk.clientAddress(peer: "::1", forwardedFor: [" \t203.0.113.9 "]) == "203.0.113.9")
  }

  /// One key per host for the limits: an IPv6 address by its /64, IPv4 whole, mapped IPv4 as IPv4.
  @Test(arguments: [
    ("2001:db8:1:2::1", "2001:db8:1:2::/64"), ("2001:DB8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
    ("2001:db8:1:3::1", "2001:db8:1:3::/64"), ("2001:db8::", "2001:db8::/64"), ("::1", "::/64"),
    ("fe80::1234:5678", "fe80::/64"), ("198.51.100.7", "198.51.100.7"), ("::ffff:198.51.100.7", "198.51.100.7"),
  ])
  func limitKeysNameAnIPv6NetworkAndAnIPv4Address(address: String, key: String) throws {
    #expect(try #require(IPAddress(address)).limitKey == key)
  }

  @Test(arguments: [
    "unknown", "", " ", "203.0.113.9\n2026-01-01T00:00:00Z forged", "203.0.113.999", "[2001:db8::1", "[::1]x",
    "1.2.3.4:port", "1.2.3.4:123456", "fe80::1%eth0", "example.com", "203.0.113.9, ",
  ])
  func aMalformedEntryStopsTheWalkAtTheProxyThatPassedItOn(entry: String) {
    let walk = Self.proxies("127.0.0.0/8")
    #expect(walk.clientAddress(peer: "127.0.0.1", forwardedFor: [entry]) == "127.0.0.1")
    #expect(walk.clientAddress(peer: "127.0.0.1", forwardedFor: ["203.0.113.1, \(entry)"]) == "127.0.0.1")
  }
}
