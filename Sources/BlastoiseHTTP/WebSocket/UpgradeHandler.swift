import CMicroHTTPD

/// Keeps the application's upgrade alive until libmicrohttpd hands over the socket.
final class PendingUpgrade: @unchecked Sendable {
  let hub: WebSocketHub
  let upgrade: WebSocketUpgrade

  init(hub: WebSocketHub, upgrade: WebSocketUpgrade) {
    self.hub = hub
    self.upgrade = upgrade
  }
}

/// libmicrohttpd calls this once the 101 has been sent; the socket is ours until we call
/// `MHD_upgrade_action(CLOSE)`, which the hub does when the connection ends.
func upgradeHandler(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ requestContext: UnsafeMutableRawPointer?,
  _ extraIn: UnsafePointer<CChar>?, _ extraInSize: Int, _ socket: Int32, _ handle: OpaquePointer?
) {
  guard let cls else { return }
  let pending = Unmanaged<PendingUpgrade>.fromOpaque(cls).takeRetainedValue()
  let extra = extraIn.map { Array(UnsafeRawBufferPointer(start: $0, count: extraInSize)) } ?? []
  let release = UpgradeRelease(handle: handle)
  pending.hub.adopt(socket: socket, alreadyRead: extra, upgrade: pending.upgrade) { release.close() }
}

private struct UpgradeRelease: @unchecked Sendable {
  let handle: OpaquePointer?

  func close() {
    if let handle { _ = bl_upgrade_close(handle) }
  }
}
