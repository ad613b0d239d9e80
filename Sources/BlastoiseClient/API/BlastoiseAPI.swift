import BlastoiseProtocol
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A Blastoise server's HTTP API, one method per route of the contract (`docs/api.md`, plus
/// `docs/sync.md`), with typed answers from `BlastoiseProtocol`.
///
/// The session cookie lives in `cookies`: taken from every `Set-Cookie`, sent as `Cookie` on
/// every request and on the room socket's handshake (the transport's own cookie handling is off).
public final class BlastoiseAPI: Sendable {
  public let baseURL: URL
  public let cookies: CookieJar
  public let userAgent: String
  private let transport: any HTTPTransport

  /// `baseURL` is the server's root, e.g. `http://127.0.0.1:3001`; a request that has not been
  /// answered within `requestTimeout` seconds fails.
  public convenience init(
    baseURL: URL, cookies: CookieJar = CookieJar(), userAgent: String = "BlastoiseClient/0.1",
    requestTimeout: Double = 30
  ) {
    self.init(
      baseURL: baseURL, cookies: cookies, userAgent: userAgent,
      transport: EphemeralTransport(requestTimeout: requestTimeout))
  }

  public init(baseURL: URL, cookies: CookieJar, userAgent: String = "BlastoiseClient/0.1", transport: any HTTPTransport)
  {
    self.baseURL = baseURL
    self.cookies = cookies
    self.userAgent = userAgent
    self.transport = transport
  }

  /// Parses `string` as the server's root URL (`http://host:port` or `https://…`).
  public convenience init(baseURL string: String, cookies: CookieJar = CookieJar()) throws(BlastoiseClientError) {
    var text = string.trimmingCharacters(in: .whitespaces)
    while text.hasSuffix("/") { text.removeLast() }
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
      url.host != nil
    else { throw .invalidURL(string) }
    self.init(baseURL: url, cookies: cookies)
  }

  /// Headers every request carries: the cookie and the user agent.
  public var requestHeaders: [String: String] {
    var headers = ["User-Agent": userAgent]
    if let cookie = cookies.cookieHeader { headers["Cookie"] = cookie }
    return headers
  }

  /// The URL of `path` (an `APIRoute.path(…)`, segments percent-encoded) under the server's root.
  public func url(_ path: String) -> URL {
    URL(string: baseURL.absoluteString + path) ?? baseURL
  }

  // MARK: Requests

  enum Body {
    case none
    case json(Data)
    case multipart(Data, boundary: String)
    /// Raw bytes labelled `contentType` (a photo, a resumable upload's chunk).
    case bytes(Data, contentType: String)
  }

  /// Sends a request and decodes the JSON answer as `T`.
  func send<T: Decodable>(_ method: String, _ path: String, body: Body = .none, as type: T.Type)
    async throws(BlastoiseClientError) -> T
  {
    let data = try await sendRaw(method, path, body: body)
    do {
      return try JSONDecoder().decode(T.self, from: data)
    } catch {
      throw .decoding("\(method) \(path): unexpected answer (\(error))")
    }
  }

  /// Sends a request with a JSON body and decodes the JSON answer as `T`.
  func send<T: Decodable>(_ method: String, _ path: String, json: some Encodable, as type: T.Type)
    async throws(BlastoiseClientError) -> T
  {
    try await send(method, path, body: .json(try encode(json)), as: type)
  }

  /// Sends a request; answers the body of a 2xx response, else throws the server's message.
  func sendRaw(_ method: String, _ path: String, body: Body = .none) async throws(BlastoiseClientError) -> Data {
    try await exchange(method, path, body: body).data
  }

  /// Sends a request with `headers` besides the usual; answers a 2xx response's body and head,
  /// else throws the server's message.
  func exchange(_ method: String, _ path: String, body: Body = .none, headers: [String: String] = [:])
    async throws(BlastoiseClientError) -> (data: Data, response: HTTPURLResponse)
  {
    var request = URLRequest(url: url(path))
    request.httpMethod = method
    for (name, value) in requestHeaders.merging(headers, uniquingKeysWith: { $1 }) {
      request.setValue(value, forHTTPHeaderField: name)
    }
    switch body {
    case .none:
      // Mutating routes take JSON bodies; an empty one is allowed.
      if method != "GET" { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
    case .json(let data):
      request.httpBody = data
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    case .multipart(let data, let boundary):
      request.httpBody = data
      request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
    case .bytes(let data, let contentType):
      request.httpBody = data
      request.setValue(contentType, forHTTPHeaderField: "Content-Type")
    }
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await transport.send(request)
    } catch {
      throw .transport("\(method) \(path): \(error.localizedDescription)")
    }
    guard let http = response as? HTTPURLResponse else { throw .transport("\(method) \(path): not an HTTP answer") }
    if let setCookie = http.value(forHTTPHeaderField: "Set-Cookie") { cookies.store(setCookie: setCookie) }
    guard (200..<300).contains(http.statusCode) else {
      throw .http(
        status: http.statusCode, message: BlastoiseClientError.serverMessage(in: data, status: http.statusCode))
    }
    return (data, http)
  }

  func encode(_ value: some Encodable) throws(BlastoiseClientError) -> Data {
    do {
      return try JSONEncoder().encode(value)
    } catch {
      throw .decoding("could not encode the request: \(error)")
    }
  }
}
