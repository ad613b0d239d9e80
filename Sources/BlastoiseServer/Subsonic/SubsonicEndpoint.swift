import BlastoiseCore
import BlastoiseHTTP
import BlastoiseSubsonic

/// One request to a Subsonic endpoint: the HTTP request (for `Range` and the client's address),
/// its parameters (query and form body together) and who asks.
struct SubsonicCall: Sendable {
  let request: HTTPRequest
  let parameters: SubsonicParameters
  let caller: Principal
}

/// What an endpoint answers: what goes inside the `subsonic-response` envelope (mostly one
/// element; nothing for the envelope alone), or media bytes as they are.
enum SubsonicOutcome: Sendable {
  case content([SubsonicChildren])
  case media(HTTPResponse)

  static func element(_ element: SubsonicElement?) -> SubsonicOutcome { .content(element.map { [.one($0)] } ?? []) }
}

/// An endpoint of the Subsonic API by its method name. Every endpoint but the few that are
/// `open` (the OpenSubsonic spec lets `getOpenSubsonicExtensions` answer anyone) needs a caller
/// with `permission`.
struct SubsonicEndpoint: Sendable {
  enum Access: Sendable {
    case open
    case caller(Permission)
  }

  let access: Access
  /// Its answer hangs only on the library, the parameters and the caller's annotations: it may be
  /// answered again from memory (`SubsonicReplies`).
  var kept = false
  let run: @Sendable (SubsonicCall?) async throws -> SubsonicOutcome

  /// An endpoint that answers an element.
  static func answer(
    _ permission: Permission = .listen, _ run: @escaping @Sendable (SubsonicCall) async throws -> SubsonicElement?
  ) -> SubsonicEndpoint {
    SubsonicEndpoint(access: .caller(permission), run: { call in .element(try await run(call!)) })
  }

  /// An endpoint that answers an element that hangs only on the library, the parameters and
  /// the caller's annotations (nothing of the time, the rooms, the spoken word, or chance).
  static func kept(_ run: @escaping @Sendable (SubsonicCall) async throws -> SubsonicElement?) -> SubsonicEndpoint {
    var endpoint = answer(.listen, run)
    endpoint.kept = true
    return endpoint
  }

  /// An endpoint that answers media (or fails with a Subsonic error).
  static func media(_ run: @escaping @Sendable (SubsonicCall) async throws -> HTTPResponse) -> SubsonicEndpoint {
    SubsonicEndpoint(access: .caller(.listen), run: { call in .media(try await run(call!)) })
  }

  static func open(_ content: @escaping @Sendable () -> [SubsonicChildren]) -> SubsonicEndpoint {
    SubsonicEndpoint(access: .open, run: { _ in .content(content()) })
  }
}
