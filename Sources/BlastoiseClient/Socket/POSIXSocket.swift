import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few blocking socket calls the WebSocket client needs, on whichever libc this is.
/// Only ever called from the connection's own thread or its write queue.
enum POSIXSocket {
  /// Resolves `host` and connects to the first address that answers within `timeout`.
  static func connect(host: String, port: Int, timeout: Double) throws(BlastoiseClientError) -> Int32 {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Glibc)
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
    hints.ai_socktype = SOCK_STREAM
    #endif
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let first = list else {
      throw .transport("cannot resolve \(host): \(String(cString: gai_strerror(status)))")
    }
    defer { freeaddrinfo(list) }
    var lastError = "no address"
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let info = entry {
      entry = info.pointee.ai_next
      let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
      guard descriptor >= 0 else { continue }
      if let error = connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen, timeout: timeout) {
        lastError = error
        closeDescriptor(descriptor)
        continue
      }
      configure(descriptor)
      return descriptor
    }
    throw .transport("cannot connect to \(host):\(port): \(lastError)")
  }

  /// Non-blocking connect bounded by `timeout`; nil on success, else the reason.
  private static func connect(
    _ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t, timeout: Double
  )
    -> String?
  {
    let flags = fcntl(descriptor, F_GETFL, 0)
    _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    defer { _ = fcntl(descriptor, F_SETFL, flags) }
    #if canImport(Glibc)
    let result = Glibc.connect(descriptor, address, length)
    #else
    let result = Darwin.connect(descriptor, address, length)
    #endif
    if result == 0 { return nil }
    guard errno == EINPROGRESS else { return String(cString: strerror(errno)) }
    var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
    let ready = poll(&poller, 1, Int32(timeout * 1000))
    guard ready > 0 else { return ready == 0 ? "timed out" : String(cString: strerror(errno)) }
    var error: Int32 = 0
    var size = socklen_t(MemoryLayout<Int32>.size)
    getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &size)
    return error == 0 ? nil : String(cString: strerror(error))
  }

  /// No Nagle delay (a 2-byte frame must not wait 40 ms), no SIGPIPE, bounded sends.
  private static func configure(_ descriptor: Int32) {
    var on: Int32 = 1
    setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    #if canImport(Darwin)
    setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
    setTimeout(descriptor, SO_SNDTIMEO, seconds: 10)
  }

  static func setTimeout(_ descriptor: Int32, _ option: Int32, seconds: Double) {
    var value = timeval(
      tv_sec: .init(Int(seconds)), tv_usec: .init(Int((seconds - seconds.rounded(.down)) * 1_000_000)))
    setsockopt(descriptor, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Writes all of `bytes`.
  static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(BlastoiseClientError) {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes { raw -> Int in
        #if canImport(Glibc)
        Glibc.send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
        #else
        Darwin.send(descriptor, raw.baseAddress, raw.count, 0)
        #endif
      }
      if sent < 0, errno == EINTR { continue }
      guard sent > 0 else { throw .socket("send failed: \(String(cString: strerror(errno)))") }
      offset += sent
    }
  }

  /// One read; 0 at end of stream, -1 with `errno` set on error or timeout.
  static func receive(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
    buffer.withUnsafeMutableBytes { raw in recv(descriptor, raw.baseAddress, raw.count, 0) }
  }

  static func closeDescriptor(_ descriptor: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(descriptor)
    #else
    _ = Darwin.close(descriptor)
    #endif
  }

  static func shutdownBoth(_ descriptor: Int32) {
    #if canImport(Glibc)
    _ = shutdown(descriptor, Int32(SHUT_RDWR))
    #else
    _ = shutdown(descriptor, SHUT_RDWR)
    #endif
  }
}
