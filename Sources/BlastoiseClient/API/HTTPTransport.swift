import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How `BlastoiseAPI`'s requests travel. The API sets every header itself (the cookie too) and
/// reads the answer; a transport only carries them. The iOS app carries photo uploads on a
/// background `URLSession`, so a chunk in flight finishes while the app is suspended.
public protocol HTTPTransport: Sendable {
  func send(_ request: URLRequest) async throws -> (Data, URLResponse)
}

/// An ephemeral `URLSession` with its own cookie handling off (on Linux the shared jar would
/// overwrite a `Cookie` header set by hand).
public struct EphemeralTransport: HTTPTransport {
  private let session: URLSession

  /// A request that has not been answered within `requestTimeout` seconds fails.
  public init(requestTimeout: Double = 30) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    configuration.httpCookieStorage = nil
    configuration.timeoutIntervalForRequest = requestTimeout
    session = URLSession(configuration: configuration)
  }

  public func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
    try await session.data(for: request)
  }
}
