import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The address check at connection time. yt-dlp is told to use this HTTP proxy (`--proxy`) for
/// every request it makes, so redirects, feed entries, pages that name other hosts and DNS
/// answers that change after the URL was checked all meet the same rule: the proxy resolves the
/// host itself, keeps only addresses the policy permits, and connects to one of those — the
/// address checked is the address used. Refused requests get `403` with a reason saying why.
///
/// It listens on 127.0.0.1 on a port of the system's choosing, speaks `CONNECT` (https) and
/// absolute-form requests (plain http, forwarded with `Connection: close`), and runs each
/// connection on its own thread with blocking I/O, at most `maxConnections` at once.
final class ImportProxy: @unchecked Sendable {
  static let refusal = "Blastoise refuses private and local addresses"

  let port: UInt16
  var url: String { "http://127.0.0.1:\(port)" }

  private let listener: Int32
  private let permits: @Sendable (IPAddress) -> Bool
  private let timeoutSeconds: Int
  private let maxConnections: Int
  private let lock = NSLock()
  private var connections = 0
  private var stopped = false

  init(permits: @escaping @Sendable (IPAddress) -> Bool, timeoutSeconds: Int, maxConnections: Int = 64) throws {
    self.permits = permits
    self.timeoutSeconds = max(1, timeoutSeconds)
    self.maxConnections = maxConnections
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard listener >= 0 else { throw ImportFailure(.failed, "import proxy: socket failed") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
    }
    _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
    guard bound == 0, listen(listener, 64) == 0 else {
      close(listener)
      throw ImportFailure(.failed, "import proxy: cannot listen on 127.0.0.1")
    }
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    self.listener = listener
    port = UInt16(bigEndian: address.sin_port)
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  /// Stops accepting; open connections end on their own (their tools are killed).
  func stop() {
    lock.withLock {
      guard !stopped else { return }
      stopped = true
      shutdown(listener, Int32(SHUT_RDWR))
    }
  }

  deinit {
    stop()
    close(listener)
  }

  private func acceptLoop() {
    while true {
      var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      _ = poll(&poller, 1, 1000)
      if lock.withLock({ stopped }) { return }
      guard poller.revents & Int16(POLLIN) != 0 else { continue }
      // No accept4 in Swift's Glibc: accept and set close-on-exec under the spawn lock, so a
      // tool started meanwhile cannot inherit the socket (and keep the connection open).
      let client = ToolProcess.spawnLock.withLock { () -> Int32 in
        let descriptor = accept(listener, nil, nil)
        if descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return descriptor
      }
      guard client >= 0 else { continue }
      let admitted = lock.withLock { () -> Bool in
        guard connections < maxConnections else { return false }
        connections += 1
        return true
      }
      guard admitted else {
        ImportProxyIO.send(client, ImportProxyIO.status(503, "Too many connections"))
        close(client)
        continue
      }
      Thread.detachNewThread { [self] in
        serve(client)
        close(client)
        lock.withLock { connections -= 1 }
      }
    }
  }

  private func serve(_ client: Int32) {
    ImportProxyIO.setTimeouts(client, seconds: timeoutSeconds)
    guard let (head, rest) = ImportProxyIO.readHead(client),
      let request = ImportProxyRequest(head: head)
    else {
      ImportProxyIO.send(client, ImportProxyIO.status(400, "Bad Request"))
      return
    }
    let addresses = (try? OutboundAddressPolicy.lookUp(request.host)) ?? []
    guard !addresses.isEmpty else {
      ImportProxyIO.send(client, ImportProxyIO.status(502, "Cannot resolve \(request.host.prefix(100))"))
      return
    }
    let allowed = addresses.filter(permits)
    guard !allowed.isEmpty else {
      ServerLog.write("import: proxy refused \(request.host.prefix(100)) (\(addresses[0]))")
      ImportProxyIO.send(client, ImportProxyIO.status(403, Self.refusal))
      return
    }
    guard let upstream = ImportProxyIO.connect(to: allowed, port: request.port, timeoutSeconds: timeoutSeconds) else {
      ImportProxyIO.send(client, ImportProxyIO.status(502, "Cannot connect to \(request.host.prefix(100))"))
      return
    }
    defer { close(upstream) }
    ImportProxyIO.setTimeouts(upstream, seconds: timeoutSeconds)
    if request.isTunnel {
      guard ImportProxyIO.send(client, Array("HTTP/1.1 200 Connection established\r\n\r\n".utf8)) else { return }
      if !rest.isEmpty, !ImportProxyIO.send(upstream, rest) { return }
    } else {
      guard ImportProxyIO.send(upstream, request.forwardedHead + rest) else { return }
    }
    ImportProxyIO.splice(client, upstream, idleSeconds: max(timeoutSeconds, 60))
  }
}

/// A proxy request's head: `CONNECT host:port` or an absolute-form `http://` request.
struct ImportProxyRequest: Sendable, Equatable {
  let isTunnel: Bool
  let host: String
  let port: Int
  /// For plain http: the head to send to the origin (origin-form target, `Connection: close`).
  let forwardedHead: [UInt8]

  init?(head: String) {
    var lines = head.components(separatedBy: "\r\n")
    let parts = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return nil }
    let method = String(parts[0])
    let target = String(parts[1])
    guard !method.isEmpty, method.allSatisfy({ $0.isLetter && $0.isASCII }) else { return nil }
    if method == "CONNECT" {
      guard let (host, port) = Self.hostAndPort(target) else { return nil }
      isTunnel = true
      self.host = host
      self.port = port
      forwardedHead = []
      return
    }
    guard target.lowercased().hasPrefix("http://"), let components = URLComponents(string: target),
      var host = components.percentEncodedHost, !host.isEmpty, !host.contains("%")
    else { return nil }
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    let port = components.port ?? 80
    guard (1...65535).contains(port) else { return nil }
    let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
    let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
    var forwarded = "\(method) \(path)\(query) HTTP/1.1\r\n"
    let dropped: Set<String> = ["proxy-connection", "proxy-authorization", "connection", "keep-alive"]
    for line in lines where !line.isEmpty {
      let name = line.prefix { $0 != ":" }.lowercased()
      if !dropped.contains(name) { forwarded += line + "\r\n" }
    }
    forwarded += "Connection: close\r\n\r\n"
    isTunnel = false
    self.host = host
    self.port = port
    forwardedHead = Array(forwarded.utf8)
  }

  /// `host:port`, `[v6]:port`.
  private static func hostAndPort(_ target: String) -> (String, Int)? {
    guard let colon = target.lastIndex(of: ":"), let port = Int(target[target.index(after: colon)...]),
      (1...65535).contains(port)
    else { return nil }
    var host = String(target[..<colon])
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    guard !host.isEmpty, !host.contains("%"), !host.contains("/"), !host.contains("@") else { return nil }
    return (host, port)
  }
}

/// Blocking socket helpers for the proxy's connection threads.
enum ImportProxyIO {
  static func status(_ code: Int, _ reason: String) -> [UInt8] {
    let clean = String(reason.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7f })
    return Array("HTTP/1.1 \(code) \(clean)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
  }

  static func setTimeouts(_ descriptor: Int32, seconds: Int) {
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  /// The request head (without the blank line) and any bytes read past it; nil past 32 KiB.
  static func readHead(_ descriptor: Int32) -> (String, [UInt8])? {
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while buffer.count < 32 << 10 {
      let count = recv(descriptor, &chunk, chunk.count, 0)
      guard count > 0 else { return nil }
      buffer += chunk[0..<count]
      if let end = find([13, 10, 13, 10], in: buffer) {
        return (String(decoding: buffer[0..<end], as: UTF8.self), Array(buffer[(end + 4)...]))
      }
    }
    return nil
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<(start + needle.count)].elementsEqual(needle) {
      return start
    }
    return nil
  }

  @discardableResult
  static func send(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  /// Connects to the first address that answers within the timeout.
  static func connect(to addresses: [IPAddress], port: Int, timeoutSeconds: Int) -> Int32? {
    for address in addresses {
      let family = address.isIPv4 ? AF_INET : AF_INET6
      let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard descriptor >= 0 else { continue }
      let flags = fcntl(descriptor, F_GETFL)
      _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
      var result: Int32
      if address.isIPv4 {
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = UInt16(port).bigEndian
        withUnsafeMutableBytes(of: &socketAddress.sin_addr) { $0.copyBytes(from: address.bytes) }
        result = withUnsafePointer(to: &socketAddress) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
          }
        }
      } else {
        var socketAddress = sockaddr_in6()
        socketAddress.sin6_family = sa_family_t(AF_INET6)
        socketAddress.sin6_port = UInt16(port).bigEndian
        withUnsafeMutableBytes(of: &socketAddress.sin6_addr) { $0.copyBytes(from: address.bytes) }
        result = withUnsafePointer(to: &socketAddress) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
          }
        }
      }
      if result != 0 && errno == EINPROGRESS {
        var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        if poll(&poller, 1, Int32(timeoutSeconds * 1000)) == 1,
          getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0
        {
          result = 0
        }
      }
      if result == 0 {
        _ = fcntl(descriptor, F_SETFL, flags)
        return descriptor
      }
      close(descriptor)
    }
    return nil
  }

  /// Copies bytes both ways until either side closes or nothing moves for `idleSeconds`.
  static func splice(_ a: Int32, _ b: Int32, idleSeconds: Int) {
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    var pollers = [pollfd(fd: a, events: Int16(POLLIN), revents: 0), pollfd(fd: b, events: Int16(POLLIN), revents: 0)]
    while true {
      let ready = poll(&pollers, 2, Int32(idleSeconds * 1000))
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { return }
      for index in 0..<2 where pollers[index].revents != 0 {
        let from = pollers[index].fd
        let to = index == 0 ? b : a
        let count = recv(from, &buffer, buffer.count, 0)
        guard count > 0, send(to, Array(buffer[0..<count])) else { return }
      }
    }
  }
}
