/// The request methods the router dispatches on: every method HTTP defines (RFC 9110, PATCH and
/// QUERY). One no route takes is 405 with `Allow`; 501 is only for methods HTTP does not define.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
  case get = "GET"
  case head = "HEAD"
  case post = "POST"
  case put = "PUT"
  case patch = "PATCH"
  case delete = "DELETE"
  case options = "OPTIONS"
  case trace = "TRACE"
  case connect = "CONNECT"
  case query = "QUERY"

  /// Methods that change state: these need a JSON or multipart body policy and an Origin check.
  public var isMutating: Bool {
    switch self {
    case .post, .put, .patch, .delete: true
    case .get, .head, .options, .trace, .connect, .query: false
    }
  }
}
