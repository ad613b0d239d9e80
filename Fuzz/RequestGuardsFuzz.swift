import BlastoiseHTTP
import Foundation

// libFuzzer entry for what the request guards parse from a request's head: the peer address,
// `--trusted-proxy` ranges, `Host`, `Origin`, `X-Forwarded-Proto` and `X-Forwarded-For`. The
// input is those fields, one a line, the forwarded-for values last. Besides crashes it traps when
//   - an address or range does not read back from its own text, or a range misses its address;
//   - the client found behind the proxies is not a canonical address that the peer or an entry
//     named, or is not the peer although the peer is not trusted; an untrusted peer is believed
//     about HTTPS, or a forwarded request counts as coming from this machine;
//   - the Host check depends on letter case, lets in a name the server does not have (read by
//     URLComponents), or lets in a Host whose own page then fails the Origin check;
//   - an Origin normalizes differently twice, or by letter case.

private let serverNames: Set<String> = ["localhost", "127.0.0.1", "::1", "music.example.org"]
private let namedHosts = listening(on: "127.0.0.1", publicURL: "https://music.example.org")
private let anyAddress = listening(on: "0.0.0.0", publicURL: nil)

private func listening(on host: String, publicURL: String?) -> HostPolicy {
  let policy = HostPolicy(listenHost: host, publicURL: publicURL)
  policy.listenPort.store(3001, ordering: .relaxed)
  return policy
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError(message()) }
}

private func checkAddressForms(_ field: String) {
  if let address = IPAddress(field) {
    require(IPAddress(address.description) == address, "\(field) → \(address) does not read back")
  }
  if let range = AddressRange(field) {
    require(AddressRange(range.description) == range, "\(field) → \(range) does not read back")
    // An IPv6 block holds no IPv4 address, not even one it was written with (`::ffff:10.0.0.0/52`).
    let address = IPAddress(field.split(separator: "/", omittingEmptySubsequences: false)[0])!
    let sameFamily = address.unmapped.isIPv4 == range.network.isIPv4
    require(!sameFamily || range.contains(address), "\(range) does not contain the address of \(field)")
  }
}

private func checkForwarding(peer: String, ranges: [AddressRange], proto: String, forwardedFor: [String]) {
  let proxies = TrustedProxies(ranges: ranges)
  let client = proxies.clientAddress(peer: peer, forwardedFor: forwardedFor)
  if let peerAddress = IPAddress(peer)?.unmapped {
    require(IPAddress(client)?.description == client, "client \(client) is not a canonical address")
    let entries = forwardedFor.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
    let named = [peerAddress] + entries.compactMap(TrustedProxies.address(ofEntry:))
    require(named.contains { $0.description == client }, "client \(client) was named by nobody")
    require(proxies.trusts(peerAddress) || client == peerAddress.description, "untrusted \(peer) was passed over")
  } else {
    require(client == peer, "unreadable peer \(peer) became \(client)")
  }
  let headers = [("X-Forwarded-Proto", proto)] + forwardedFor.map { ("X-Forwarded-For", $0) }
  let request = HTTPRequest(
    method: .get, target: try! RequestTarget(parsing: "/"), headers: HTTPHeaders(headers), remoteAddress: peer)
  let trust = ProxyTrust(trusting: ranges)
  require(trust.client(request).address == client, "ProxyTrust and TrustedProxies disagree")
  require(!trust.isSecure(request) || proxies.trusts(peer: peer), "HTTPS believed from untrusted \(peer)")
  require(forwardedFor.isEmpty || !trust.isFromThisMachine(request), "a forwarded request came from this machine")
}

private func checkHost(_ host: String) {
  for policy in [namedHosts, anyAddress] {
    let allowed = policy.allows(host: host)
    require(policy.allows(host: host.asciiCase(upper: true)) == allowed, "Host \(host) depends on letter case")
    guard allowed else { continue }
    let ownPage = OriginPolicy(allowedOrigins: [])
    require(ownPage.allows(origin: "http://" + host, host: host, secure: false), "Host \(host) fails its own origin")
  }
  if namedHosts.allows(host: host) {
    var name = URLComponents(string: "http://" + host)?.host?.lowercased() ?? ""
    name = name.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    if name.hasSuffix(".") { name.removeLast() }
    require(serverNames.contains(name), "Host \(host) is let in as '\(name)'")
  }
}

private func checkOrigin(_ origin: String) {
  let normalized = OriginPolicy.normalize(origin)
  require(normalized.flatMap(OriginPolicy.normalize) == normalized, "\(origin) normalizes differently twice")
  require(OriginPolicy.normalize(origin.asciiCase(upper: true)) == normalized, "\(origin) depends on letter case")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestGuards(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let fields = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }

  fields.forEach(checkAddressForms)
  let ranges = field(1).split(separator: ",").compactMap { AddressRange(String($0)) }
  checkForwarding(peer: field(0), ranges: ranges, proto: field(4), forwardedFor: Array(fields.dropFirst(5)))
  checkHost(field(2))
  checkOrigin(field(3))
  return 0
}
