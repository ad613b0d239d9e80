import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol
import BlastoiseSubsonic

/// Any error a Subsonic endpoint throws → the API's error code, in one place. Faults of the
/// server are logged and answered as a generic error, never as the fault's text.
enum SubsonicFailures {
  static func failure(for error: any Error) -> SubsonicFailure {
    switch error {
    case let failure as SubsonicFailure:
      return failure
    case let error as CoreError:
      return failure(for: error)
    case let error as HTTPError:
      return SubsonicFailure(code(for: error.status), error.message)
    case let error as InvalidQuery:
      return SubsonicFailure(.generic, error.message)
    default:
      ServerLog.write("subsonic: error: \(error)")
      return SubsonicFailure(.generic, "Internal server error")
    }
  }

  static func failure(for error: CoreError) -> SubsonicFailure {
    switch error.code {
    case .notFound: SubsonicFailure(.notFound, error.message)
    case .forbidden: SubsonicFailure(.notAuthorized, error.message)
    case .unauthenticated, .rateLimited: SubsonicFailure(.wrongCredentials, error.message)
    case .invalidInput, .conflict, .unavailable: SubsonicFailure(.generic, error.message)
    }
  }

  private static func code(for status: HTTPStatus) -> SubsonicErrorCode {
    switch status {
    case .notFound: .notFound
    case .forbidden: .notAuthorized
    case .unauthorized: .wrongCredentials
    default: .generic
    }
  }
}
