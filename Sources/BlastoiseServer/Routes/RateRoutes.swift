import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// `/api/rates…`: the playback rate each person chose per book or podcast, so that every device
/// of theirs plays it so. Needs `listen` and an account (guests get 403).
struct RateRoutes: Sendable {
  let rates: any RateStore
  let auth: RequestAuthenticator

  func register(on router: inout Router) {
    let rates = rates
    router.on(.get, APIRoute.rates.pattern) { request in
      .json(RateList(rates: try await rates.rates(userID: try await person(request))))
    }
    router.on(.put, APIRoute.rate.pattern, body: .smallJSON) { request in
      let person = try await person(request)
      let kind = try ListeningRule.kind(request.pathParameter("kind"))
      let rate = try request.decodeJSON(RateChoice.self).rate
      return .json(try await rates.setRate(rate, kind: kind, show: request.pathParameter("show"), userID: person))
    }
  }

  private func person(_ request: HTTPRequest) async throws -> Int {
    try await auth.account(.listen, for: request, guestRefusal: "Guests keep no playback rates")
  }
}
