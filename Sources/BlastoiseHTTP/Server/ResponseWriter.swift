import CMicroHTTPD
import Foundation

/// Turns an `HTTPResponse` into a libmicrohttpd response and queues it on the connection.
struct ResponseWriter {
  let server: HTTPServer
  let connection: OpaquePointer

  func queue(_ response: HTTPResponse) -> MHD_Result {
    guard let native = makeNativeResponse(response.body) else { return .NO }
    for (name, value) in response.outgoingHeaders {
      MHD_add_response_header(native, name, value)
    }
    let result = MHD_queue_response(connection, UInt32(response.status.rawValue), native)
    MHD_destroy_response(native)
    return result
  }

  private func makeNativeResponse(_ body: HTTPResponse.Body) -> OpaquePointer? {
    switch body {
    case .bytes(let bytes):
      return bytes.withUnsafeBytes { buffer in
        MHD_create_response_from_buffer(
          buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), BL_RESPMEM_MUST_COPY)
      }
    case .file(let file, let offset, let length):
      guard let descriptor = file.take() else { return nil }
      if let lease = server.fileMappings.lease(descriptor, offset: offset, length: length) {
        close(descriptor)
        return makeMappedResponse(lease, length: Int(length))
      }
      // Not mappable (an empty file, mmap refused): libmicrohttpd owns the descriptor from here
      // and sends it with sendfile.
      let native = MHD_create_response_from_fd_at_offset64(length, descriptor, offset)
      if native == nil { close(descriptor) }
      return native
    case .webSocket(let upgrade):
      let pending = PendingUpgrade(hub: server.webSockets, upgrade: upgrade)
      let cls = Unmanaged.passRetained(pending).toOpaque()
      let native = MHD_create_response_for_upgrade(upgradeHandler, cls)
      if native == nil { Unmanaged<PendingUpgrade>.fromOpaque(cls).release() }
      return native
    }
  }

  /// The body is sent straight from the mapping; libmicrohttpd releases the lease once the
  /// response is done with (sent, or the connection closed).
  private func makeMappedResponse(_ lease: FileMappings.Lease, length: Int) -> OpaquePointer? {
    let context = Unmanaged.passRetained(lease).toOpaque()
    let native = MHD_create_response_from_buffer_with_free_callback_cls(
      length, UnsafeMutableRawPointer(mutating: lease.bytes), releaseMappedBody, context)
    if native == nil { releaseMappedBody(context) }
    return native
  }
}

/// libmicrohttpd's free callback for mapped bodies (a global function: it runs on a polling thread).
private func releaseMappedBody(_ context: UnsafeMutableRawPointer?) {
  guard let context else { return }
  Unmanaged<FileMappings.Lease>.fromOpaque(context).takeRetainedValue().release()
}
