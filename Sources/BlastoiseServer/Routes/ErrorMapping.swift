import BlastoiseCore
import BlastoiseHTTP
import BlastoiseStore

/// Domain and storage errors → HTTP, in one place.
enum ErrorMapping {
  static func response(for error: any Error) -> HTTPResponse {
    switch error {
    case let error as HTTPError:
      return .error(error)
    case let error as CoreError:
      return .error(httpError(for: error))
    case let error as StoreError where error.isUniqueViolation:
      return .error(HTTPError(.conflict, "That already exists"))
    default:
      ServerLog.write("error: \(error)")
      return .error(HTTPError(.internalServerError, "Internal server error"))
    }
  }

  static func httpError(for error: CoreError) -> HTTPError {
    switch error.code {
    case .invalidInput: HTTPError(.badRequest, error.message)
    case .unauthenticated: HTTPError(.unauthorized, error.message)
    case .forbidden: HTTPError(.forbidden, error.message)
    case .notFound: HTTPError(.notFound, error.message)
    case .conflict: HTTPError(.conflict, error.message)
    case .rateLimited(let seconds): HTTPError(.tooManyRequests, error.message, headers: [("Retry-After", "\(seconds)")])
    case .unavailable: HTTPError(.serviceUnavailable, error.message)
    }
  }
}
