/// The request methods the router dispatches on.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
  case get = "GET"
  case head = "HEAD"
  case post = "POST"
  case put = "PUT"
  case patch = "PATCH"
  case delete = "DELETE"
  case options = "OPTIONS"

  /// Methods that change state: these need a JSON or multipart body policy and an Origin check.
  public var isMutating: Bool {
    switch self {
    case .post, .put, .patch, .delete: true
    case .get, .head, .options: false
    }
  }
}
