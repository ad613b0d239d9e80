import CMPV
import Foundation

/// Thin Swift over the mpv C API calls the player makes. The handle is thread-safe (mpv's client
/// API may be called from any thread); the `async` variants never wait for the core.
struct MPVHandle: @unchecked Sendable {
  let raw: OpaquePointer

  static func create() throws(MPVError) -> MPVHandle {
    guard let raw = mpv_create() else { throw MPVError("mpv_create failed (out of memory?)") }
    return MPVHandle(raw: raw)
  }

  func setOption(_ name: String, _ value: String) throws(MPVError) {
    let status = mpv_set_option_string(raw, name, value)
    guard status >= 0 else { throw MPVError("option \(name)=\(value): \(Self.describe(status))") }
  }

  func initialize() throws(MPVError) {
    let status = mpv_initialize(raw)
    guard status >= 0 else { throw MPVError("mpv_initialize: \(Self.describe(status))") }
  }

  func observe(_ name: String, _ format: mpv_format) {
    _ = mpv_observe_property(raw, 0, name, format)
  }

  /// Queues a command; mpv runs queued requests in order.
  func commandAsync(_ arguments: [String]) {
    withCStrings(arguments) { pointers in
      var pointers = pointers
      _ = mpv_command_async(raw, 0, &pointers)
    }
  }

  func setFlagAsync(_ name: String, _ value: Bool) {
    var flag: Int32 = value ? 1 : 0
    _ = mpv_set_property_async(raw, 0, name, MPV_FORMAT_FLAG, &flag)
  }

  func setDoubleAsync(_ name: String, _ value: Double) {
    var number = value
    _ = mpv_set_property_async(raw, 0, name, MPV_FORMAT_DOUBLE, &number)
  }

  func double(_ name: String) -> Double? {
    var value = 0.0
    return mpv_get_property(raw, name, MPV_FORMAT_DOUBLE, &value) >= 0 ? value : nil
  }

  func wakeUp() { mpv_wakeup(raw) }

  func waitEvent(timeout: Double) -> UnsafeMutablePointer<mpv_event>? { mpv_wait_event(raw, timeout) }

  func terminateAndDestroy() { mpv_terminate_destroy(raw) }

  static func describe(_ status: Int32) -> String { String(cString: mpv_error_string(status)) }

  /// Runs `body` with NUL-terminated copies of `strings` and a trailing NULL, as mpv wants.
  private func withCStrings(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> Void) {
    let copies = strings.map { strdup($0) }
    defer {
      for copy in copies { free(copy) }
    }
    body(copies.map { UnsafePointer($0) } + [nil])
  }
}

struct MPVError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
