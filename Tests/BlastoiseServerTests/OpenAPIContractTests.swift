import BlastoiseCore
import BlastoiseHTTP
import BlastoiseServer
import Foundation
import Testing

/// `GET /api/openapi.json` documents exactly the routes the router serves, each with the body
/// its policy takes, and its references and links resolve.
@Suite struct OpenAPIContractTests {
  /// The web app's files: served at every other path, not part of the API.
  static let webAppRoute = "GET /*path"

  static func document(_ server: TestServer) async throws -> [String: Any] {
    let response = try await server.client().get("/api/openapi.json")
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == "application/json")
    return try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
  }

  /// `(METHOD /path/{name})` → the operation object.
  static func operations(_ document: [String: Any]) -> [String: [String: Any]] {
    let paths = document["paths"] as? [String: [String: [String: Any]]] ?? [:]
    return paths.reduce(into: [:]) { all, path in
      for (method, operation) in path.value { all["\(method.uppercased()) \(path.key)"] = operation }
    }
  }

  /// The router's `:name` → OpenAPI's `{name}`.
  static func key(_ route: Route) -> String {
    let path = route.pattern.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
    return "\(route.method.rawValue) /" + path.joined(separator: "/")
  }

  @Test func documentNamesExactlyTheRoutersRoutes() async throws {
    let server = try await TestServer()
    let documented = Set(Self.operations(try await Self.document(server)).keys)
    let served = Set(server.server.routes.map(Self.key)).subtracting([Self.webAppRoute])
    #expect(served.subtracting(documented).isEmpty, "undocumented: \(served.subtracting(documented).sorted())")
    #expect(documented.subtracting(served).isEmpty, "not served: \(documented.subtracting(served).sorted())")
    #expect(server.server.routes.contains { Self.key($0) == Self.webAppRoute })
    await server.stop()
  }

  @Test func requestBodiesFollowTheRoutesBodyPolicies() async throws {
    let server = try await TestServer()
    let operations = Self.operations(try await Self.document(server))
    for route in server.server.routes where Self.key(route) != Self.webAppRoute {
      let key = Self.key(route)
      let content = (operations[key]?["requestBody"] as? [String: Any])?["content"] as? [String: Any]
      switch route.body {
      case .none: #expect(content == nil, "\(key) takes no body")
      case .json, .foreignJSON: #expect(content?.keys.sorted() == ["application/json"], "\(key) takes JSON")
      case .form: #expect(content?.keys.sorted() == ["application/x-www-form-urlencoded"], "\(key) takes a form")
      case .multipart: #expect(content?.keys.sorted() == ["multipart/form-data"], "\(key) takes multipart")
      case .file: #expect(content?.keys.sorted() == ["*/*"], "\(key) takes a file of any type")
      case .append: #expect(content?.keys.sorted() == ["application/offset+octet-stream"], "\(key) takes tus bytes")
      }
      let responses = operations[key]?["responses"] as? [String: Any] ?? [:]
      #expect(responses["400"] != nil && responses["413"] != nil, "\(key): a bad target, an unwanted body")
      if route.body != .none { #expect(responses["415"] != nil, "\(key)") }
      if route.method.isMutating { #expect(responses["403"] != nil, "\(key) refuses foreign origins") }
    }
    await server.stop()
  }

  /// Each operation's `x-permission` is what its route enforces: without a session it is 401, and
  /// a role lacking the permission (a guest; a user, for admin routes) gets 403. Path parameters
  /// name nothing that exists; the permission is checked first.
  @Test func documentedPermissionsAreWhatTheRoutesRequire() async throws {
    let server = try await TestServer { $0.urlImportEnabled = true }
    let open = try await TestServer {
      $0.allowGuests = true
      $0.urlImportEnabled = true
    }
    let user = server.client()
    try await server.client().signUp("root")
    try await user.signUp("ann")
    let guest = open.client()
    _ = try await guest.get("/api/auth/me")
    #expect(guest.cookie != nil)

    var checked = Set<Permission>()
    for (key, operation) in Self.operations(try await Self.document(server)) {
      guard let name = operation["x-permission"] as? String else { continue }
      let permission = try #require(Permission(rawValue: name), "\(key): \(name)")
      checked.insert(permission)
      let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
      let path = parts[1].replacingOccurrences(of: #"\{[^}]+\}"#, with: "nothing-here", options: .regularExpression)
      let anonymous = try await server.client().request(parts[0], path)
      #expect(anonymous.status == 401, "\(key) without a session: \(anonymous.text)")
      if !Permission.granted(to: .user).contains(permission) {
        #expect(try await user.request(parts[0], path).status == 403, "\(key) as a user")
      }
      if !Permission.granted(to: .guest).contains(permission) {
        #expect(try await guest.request(parts[0], path).status == 403, "\(key) as a guest")
      }
    }
    #expect(checked == Set(Permission.allCases), "every permission guards some route")
    await server.stop()
    await open.stop()
  }

  @Test func referencesAndLinksResolve() async throws {
    let server = try await TestServer()
    let document = try await Self.document(server)
    let components = document["components"] as? [String: [String: Any]] ?? [:]
    let operationIDs = Set(Self.operations(document).values.compactMap { $0["operationId"] as? String })
    var references: [String] = []
    var linked: [String] = []
    func walk(_ value: Any) {
      if let object = value as? [String: Any] {
        if let reference = object["$ref"] as? String { references.append(reference) }
        if let links = object["links"] as? [String: [String: Any]] {
          linked += links.values.compactMap { $0["operationId"] as? String }
        }
        object.values.forEach(walk)
      } else if let array = value as? [Any] {
        array.forEach(walk)
      }
    }
    walk(document)
    #expect(!references.isEmpty && !linked.isEmpty)
    for reference in references {
      let parts = reference.split(separator: "/").map(String.init)
      #expect(
        parts.count == 4 && parts[0] == "#" && parts[1] == "components" && components[parts[2]]?[parts[3]] != nil,
        "\(reference)")
    }
    for id in linked { #expect(operationIDs.contains(id), "link to \(id)") }
    #expect(operationIDs.count == Self.operations(document).count, "operation IDs are unique")
    await server.stop()
  }
}
