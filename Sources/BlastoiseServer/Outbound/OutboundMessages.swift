/// One GET the server makes itself (a feed, chapters, artwork): where, the validators of the
/// copy it holds, and the largest body it will take.
struct OutboundRequest: Sendable {
  var url: String
  /// The `ETag` stored from the last answer: sent as `If-None-Match`.
  var etag: String?
  /// The `Last-Modified` stored from the last answer: sent as `If-Modified-Since`.
  var lastModified: String?
  /// Largest body, counted after decompression (a gzip bomb is cut off like a huge file).
  var maxBytes: Int = 16 << 20
  var accept: String = "*/*"
  /// Where the body goes instead of memory (an episode file); the answer's `body` is then empty.
  var sink: (any OutboundBodySink)?
}

/// Takes a body piece by piece as it arrives, on the fetch's own thread.
protocol OutboundBodySink: AnyObject, Sendable {
  /// False ends the transfer (as a failure).
  func write(_ bytes: UnsafeRawBufferPointer) -> Bool
}

/// The last answer of the redirect chain.
struct OutboundResponse: Sendable {
  let status: Int
  /// The final URL, after redirects.
  let url: String
  /// Header names lowercased; a repeated header keeps its last value.
  let headers: [String: String]
  let body: [UInt8]
  /// The statuses of the redirects followed to it, in order (empty: none).
  var redirects: [Int] = []

  var notModified: Bool { status == 304 }
}

/// Why a fetch got no answer. The message says it in words for a person (stored as a feed's
/// error, or answered as a 4xx).
struct OutboundFailure: Error, Sendable, Equatable, CustomStringConvertible {
  enum Kind: Sendable, Equatable {
    /// The host is (or resolved to, on any hop) an address the policy refuses.
    case refusedAddress
    case tooLarge
    case timedOut
    case tooManyRedirects
    /// Anything else: no such host, connection refused, TLS, a broken answer.
    case failed
  }

  let kind: Kind
  let message: String

  init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  var description: String { message }
}
