import CMicroHTTPD

/// What one connection owns across its requests: the request context under way.
///
/// libmicrohttpd calls the completed callback only for requests its access handler has seen;
/// a head it refuses first (a header line without a colon) would otherwise leak the context the
/// URI-log callback made. The slot lives from the connection's start to its close, both of which
/// libmicrohttpd always reports, so every context has an owner that ends. Touched only by the
/// connection's own polling thread.
final class ConnectionSlot: @unchecked Sendable {
  var request: RequestContext?

  /// The slot the connection-notify callback stored for `connection`, if any.
  static func of(_ connection: OpaquePointer) -> ConnectionSlot? {
    bl_connection_socket_context(connection).map { Unmanaged<ConnectionSlot>.fromOpaque($0).takeUnretainedValue() }
  }
}
