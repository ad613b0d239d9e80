import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// Domain errors → HTTP, in one place. (Stores translate their own failures into `CoreError`s;
/// anything else is a server fault: logged, answered 500.)
enum ErrorMapping {
  static func response(for error: any Error) -> HTTPResponse {
    switch error {
    case let error as HTTPError:
      return .error(error)
    case let error as CoreError:
      return .error(httpError(for: error))
    case let error as InvalidQuery:
      return .error(HTTPError(.badRequest, error.message))
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
