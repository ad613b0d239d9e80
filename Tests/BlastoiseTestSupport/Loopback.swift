import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// TCP connections to a server under test on 127.0.0.1: the one place the tests open one by hand
/// (raw requests, WebSocket clients, bytes no HTTP client would send).
public enum Loopback {
  public struct Failure: Error, CustomStringConvertible {
    public let call: String
    public let code: Int32
    public var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
  }

  /// A socket connected to 127.0.0.1:`port`, from the loopback address `source` when given (its
  /// port picked by the kernel), with `timeout` bounding every blocking call (`SO_RCVTIMEO` and
  /// `SO_SNDTIMEO`, set before connecting). The caller owns the descriptor; on failure none is
  /// left open.
  public static func connect(port: UInt16, from source: String? = nil, timeout: Duration) throws(Failure) -> Int32 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw Failure(call: "socket", code: errno) }
    setTimeout(timeout, on: descriptor)
    do {
      if let source {
        // The port is still picked at connect, as without the bind (ports are shared across peers).
        var one: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_IP), IP_BIND_ADDRESS_NO_PORT, &one, socklen_t(MemoryLayout<Int32>.size))
        try call("bind \(source)", descriptor, address(source, port: 0), bind)
      }
      try call("connect", descriptor, address("127.0.0.1", port: port), Glibc.connect)
    } catch {
      close(descriptor)
      throw error
    }
    return descriptor
  }

  /// Bounds every blocking receive and send on `descriptor` by `timeout`.
  public static func setTimeout(_ timeout: Duration, on descriptor: Int32) {
    let (seconds, attoseconds) = timeout.components
    var value = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
  }

  private static func call(
    _ name: String, _ descriptor: Int32, _ address: sockaddr_in,
    _ function: (Int32, UnsafePointer<sockaddr>, socklen_t) -> Int32
  ) throws(Failure) {
    var address = address
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        function(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else { throw Failure(call: name, code: errno) }
  }

  private static func address(_ text: String, port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr(text)
    return address
  }
}
