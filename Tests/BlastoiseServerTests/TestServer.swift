import BlastoiseCore
import BlastoiseServer
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real Blastoise in this process on a loopback port, with its own data directory.
final class TestServer: Sendable {
  let server: RunningServer
  let dataDirectory: String

  init(
    clock: any WallClock = SystemClock(), roomClock: any WallClock = SystemClock(),
    _ configure: (inout ServerConfiguration) -> Void = { _ in }
  ) async throws {
    var configuration = ServerConfiguration()
    configuration.host = "127.0.0.1"
    configuration.passwordHashCost = .minimum  // still argon2id; hundreds of accounts on two cores
    configuration.sessionCheckLimit = .seconds(300)  // only a hang guard beside every other test
    configuration.idleTimeoutSeconds = 600  // the same: under load a handler can wait past 30 s
    configuration.socketIdleTimeout = .seconds(600)  // a test reads (and answers pings) when it is ready
    configuration.port = 0
    dataDirectory = try temporaryDirectory()
    configuration.dataDirectory = dataDirectory
    configuration.webDirectory = dataDirectory + "/web"
    configuration.audiobooksDirectory = nil  // not the working directory's
    configure(&configuration)
    server = try await RunningServer.start(configuration, clock: clock, roomClock: roomClock)
  }

  /// A server behind trusted proxies, whose first account (the admin, which such a server
  /// takes only with the setup code) was made earlier, before the proxies were configured.
  static func behindProxies(_ ranges: [AddressRange]) async throws -> TestServer {
    let first = try await TestServer()
    try await first.client().signUp("root")
    await first.stop()
    return try await TestServer {
      $0.dataDirectory = first.dataDirectory
      $0.trustedProxies = ranges
    }
  }

  var base: String { "http://127.0.0.1:\(server.port)" }

  func client() -> APIClient { APIClient(base: base) }

  func stop() async { await server.stop() }
}

/// A test's HTTP client that keeps its own session cookie, like a native app does.
final class APIClient: @unchecked Sendable {
  struct Response {
    let status: Int
    let headers: [String: String]
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
    func json<T: Decodable>(_ type: T.Type) throws -> T { try JSONDecoder().decode(type, from: body) }
    var errorMessage: String? { (try? JSONDecoder().decode([String: String].self, from: body))?["error"] }
    func header(_ name: String) -> String? {
      headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
  }

  let base: String
  var cookie: String?
  private let session: URLSession

  init(base: String) {
    self.base = base
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpShouldSetCookies = false
    configuration.httpCookieStorage = nil
    // A hang guard, not a speed claim: a run of every suite at once, beside a build, has seen a
    // request wait past Foundation's default 60 s.
    configuration.timeoutIntervalForRequest = 600
    session = URLSession(configuration: configuration, delegate: challenges, delegateQueue: nil)
  }

  private let challenges = ChallengeRefusal()

  /// Refuses a 401's `WWW-Authenticate: Basic` challenge (the gPodder API's) and keeps the 401, so
  /// that it can come back as the answer: Foundation on Linux otherwise waits forever, or fails
  /// the request as cancelled. Keyed by URL.
  final class ChallengeRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    let refused = Mutex<[String: HTTPURLResponse]>([:])

    func urlSession(
      _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
      completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
      if let url = task.originalRequest?.url?.absoluteString,
        let response = challenge.failureResponse as? HTTPURLResponse
      {
        refused.withLock { $0[url] = response }
      }
      completionHandler(.cancelAuthenticationChallenge, nil)
    }
  }

  @discardableResult
  func request(
    _ method: String, _ path: String, json: String? = nil, headers: [String: String] = [:], body: String? = nil,
    bodyData: Data? = nil
  ) async throws -> Response {
    var request = URLRequest(url: URL(string: base + path)!)
    request.httpMethod = method
    if let json {
      request.httpBody = Data(json.utf8)
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    if let body { request.httpBody = Data(body.utf8) }
    if let bodyData { request.httpBody = bodyData }
    if let cookie { request.setValue("blastoise_session=\(cookie)", forHTTPHeaderField: "Cookie") }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, http): (Data, HTTPURLResponse)
    do {
      let (body, response) = try await session.data(for: request)
      (data, http) = (body, response as! HTTPURLResponse)
    } catch let error as URLError where error.code == .cancelled {
      guard let refused = challenges.refused.withLock({ $0.removeValue(forKey: request.url!.absoluteString) }) else {
        throw error
      }
      (data, http) = (Data(), refused)
    }
    var fields: [String: String] = [:]
    for (key, value) in http.allHeaderFields { fields["\(key)"] = "\(value)" }
    let result = Response(status: http.statusCode, headers: fields, body: data)
    if let setCookie = result.header("Set-Cookie"), let value = Self.sessionValue(setCookie) {
      cookie = value.isEmpty ? nil : value
    }
    return result
  }

  func get(_ path: String) async throws -> Response { try await request("GET", path) }

  func post(_ path: String, _ json: String? = nil) async throws -> Response {
    try await request("POST", path, json: json)
  }

  @discardableResult
  func signUp(_ name: String, password: String = "password123") async throws -> Response {
    try await post("/api/auth/signup", #"{"username":"\#(name)","password":"\#(password)"}"#)
  }

  @discardableResult
  func logIn(_ name: String, password: String = "password123") async throws -> Response {
    try await post("/api/auth/login", #"{"username":"\#(name)","password":"\#(password)"}"#)
  }

  static func sessionValue(_ setCookie: String) -> String? {
    guard setCookie.hasPrefix("blastoise_session=") else { return nil }
    return String(setCookie.dropFirst("blastoise_session=".count).prefix { $0 != ";" })
  }
}
