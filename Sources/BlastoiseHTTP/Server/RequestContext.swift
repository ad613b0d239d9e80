import CMicroHTTPD

/// The state of one request across libmicrohttpd's calls to the access handler.
///
/// Created by the URI-log callback (which sees the raw, undecoded target) and held by the
/// connection's `ConnectionSlot` until the request completes or the connection closes. Only one MHD thread touches it at a time; an async handler writes
/// `response` before resuming the connection, and MHD's resume takes a lock, which orders that
/// write before the next read — hence `@unchecked Sendable`.
final class RequestContext: @unchecked Sendable {
  enum Phase {
    /// Headers are in; nothing decided yet.
    case started
    /// Routed; body bytes (if any) are arriving.
    case receivingBody
    /// The handler runs on the concurrency pool; the connection is suspended.
    case awaitingHandler
    /// A response has been queued; any further body bytes are discarded.
    case responded
    /// An answer went out on the socket mid-body (`EarlyAnswer`); what is still sent is discarded
    /// for a while, then the connection closes.
    case answeredEarly
  }

  let rawTarget: String
  var phase = Phase.started
  var request: HTTPRequest?
  var route: Route?
  /// A refusal decided while the body streams in, sent once it has been drained.
  var refusal: HTTPError?
  var receivedBodyBytes = 0
  var multipart: MultipartReceiver?
  /// A `.file` or `.append` body's receiver, and for `.append` the file's size before it.
  var bodyFile: FileBodyReceiver?
  var appendOffset: Int?
  var response: HTTPResponse?

  init(rawTarget: String) {
    self.rawTarget = rawTarget
  }

  deinit {
    multipart?.removeTemporaryFiles()
    bodyFile?.release()
  }
}
