import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// One documented route: who may call it, what it takes, what it answers. Errors every route of
/// a kind can give are added here, so each route lists only its own: 400 (a malformed target,
/// such as `%00`, or body) and 413 (a body over the cap, or where none is taken) on every route,
/// 401/403 for permissions, 403 for a foreign Origin on mutating methods, 415 for bodies.
struct APIOperation: Sendable {
  enum Access: Sendable {
    /// No session needed.
    case open
    /// Works with or without a session (a session changes the answer).
    case optionalSession
    /// A session whose role grants this permission.
    case permission(Permission)
  }

  /// A `?name=` the route reads.
  struct QueryParameter: Sendable {
    let name: String
    let schema: JSONValue
    let description: String
    var required = false
  }

  enum Body: Sendable {
    case none
    /// JSON is accepted (so the request needs a JSON content type when it sends one) and ignored.
    case ignoredJSON
    case json(JSONValue)
    case multipart(JSONValue)
    /// `application/x-www-form-urlencoded` parameters.
    case form(JSONValue)
    /// A raw file of any type as the body.
    case binary
    /// Raw bytes labelled `application/offset+octet-stream` (a tus PATCH).
    case tus
  }

  let method: HTTPMethod
  /// The route as the router registers it; the document's path is its OpenAPI form (`path`).
  let route: APIRoute
  let summary: String
  let access: Access
  let body: Body
  let query: [QueryParameter]
  /// Success answers by status.
  let answers: [Int: JSONValue]
  let errors: Set<Int>
  let notes: String?

  init(
    _ method: HTTPMethod, _ route: APIRoute, _ summary: String, access: Access, body: Body = .none,
    query: [QueryParameter] = [], answers: [Int: JSONValue], errors: Set<Int> = [], notes: String? = nil
  ) {
    self.method = method
    self.route = route
    self.summary = summary
    self.access = access
    self.body = body
    self.query = query
    self.answers = answers
    self.errors = errors
    self.notes = notes
  }

  /// OpenAPI form of the route: `/api/channels/:id` → `/api/channels/{id}`.
  var path: String { Self.path(route) }

  static func path(_ route: APIRoute) -> String {
    route.pattern.split(separator: "/", omittingEmptySubsequences: false)
      .map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/")
  }

  /// `getApiChannelsId`: the method and the path's words, camel-cased.
  var operationID: String { Self.operationID(method, route) }

  static func operationID(_ method: HTTPMethod, _ route: APIRoute) -> String {
    method.rawValue.lowercased() + path(route).split(separator: "/").map(camelCased).joined()
  }

  /// Every error status this route can answer with `{ "error": … }`.
  private var allErrors: Set<Int> {
    var all = errors.union([400, 413])
    if case .permission = access { all.formUnion([401, 403]) }
    if method.isMutating { all.insert(403) }
    if case .none = body {} else { all.insert(415) }
    return all
  }

  var json: JSONValue {
    var fields: [String: JSONValue] = [
      "summary": .string(summary), "security": security, "responses": responses,
      "operationId": .string(operationID),
    ]
    if let description { fields["description"] = .string(description) }
    if case .permission(let permission) = access { fields["x-permission"] = .string(permission.rawValue) }
    let parameters = pathParameters + queryParameters
    if !parameters.isEmpty { fields["parameters"] = .array(parameters) }
    if let requestBody { fields["requestBody"] = requestBody }
    return .object(fields)
  }

  private var description: String? {
    let permission: String? =
      if case .permission(let permission) = access {
        "Needs a session with the `\(permission.rawValue)` permission."
      } else {
        nil
      }
    let parts = [notes, permission].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: " ")
  }

  private var security: JSONValue {
    switch access {
    case .open: []
    case .optionalSession: [[:], ["session": []]]
    case .permission: [["session": []]]
    }
  }

  private var requestBody: JSONValue? {
    switch body {
    case .none: nil
    case .ignoredJSON: ["required": false, "content": ["application/json": ["schema": Schema.ignored]]]
    case .json(let schema): ["required": true, "content": ["application/json": ["schema": schema]]]
    case .multipart(let schema): ["required": true, "content": ["multipart/form-data": ["schema": schema]]]
    case .form(let schema):
      ["required": false, "content": ["application/x-www-form-urlencoded": ["schema": schema]]]
    case .binary: ["required": true, "content": ["*/*": ["schema": ["type": "string", "format": "binary"]]]]
    case .tus:
      [
        "required": true,
        "content": .object([Tus.patchContentType: ["schema": ["type": "string", "format": "binary"]]]),
      ]
    }
  }

  private var responses: JSONValue {
    var all = answers.reduce(into: [String: JSONValue]()) { $0[String($1.key)] = $1.value }
    for status in allErrors { all[String(status)] = ["$ref": .string("#/components/responses/\(status)")] }
    return .object(all)
  }

  private var pathParameters: [JSONValue] {
    route.parameters.map { name in
      [
        "name": .string(name), "in": "path", "required": true,
        "schema": Self.pathSchema(name, in: route),
      ]
    }
  }

  /// A path parameter's values: `:kind` takes only some (progress's kinds, or annotations').
  static func pathSchema(_ name: String, in route: APIRoute) -> JSONValue {
    guard name == "kind" else { return ["type": "string", "minLength": 1] }
    return spokenKindRoutes.contains(route.pattern)
      ? Schema.oneOf(ProgressKind.allCases.map(\.rawValue)) : Schema.oneOf(AnnotatedKind.allCases.map(\.rawValue))
  }

  /// The routes whose `:kind` is a `ProgressKind`.
  private static let spokenKindRoutes: Set = [
    APIRoute.progressItem.pattern, APIRoute.bookmarks.pattern, APIRoute.bookmark.pattern, APIRoute.rate.pattern,
  ]

  private var queryParameters: [JSONValue] {
    query.map { parameter in
      [
        "name": .string(parameter.name), "in": "query", "required": .bool(parameter.required),
        "schema": parameter.schema,
        "description": .string(parameter.description),
      ]
    }
  }

  /// `kick-others` → `KickOthers`, `{id}` → `Id`: one word of an operation ID.
  private static func camelCased(_ segment: Substring) -> String {
    segment.filter { $0 != "{" && $0 != "}" }.split(whereSeparator: { $0 == "-" || $0 == "." || $0 == "_" })
      .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }
}

/// Success answers.
enum Answer {
  static func json(_ schema: JSONValue, _ description: String = "OK") -> JSONValue {
    ["description": .string(description), "content": ["application/json": ["schema": schema]]]
  }

  /// Parameters of the operations (method and route) an answer opens, each taken from the answer
  /// at its expression.
  struct Link {
    /// Name → expression.
    let parameters: [String: String]
    let operations: [(HTTPMethod, APIRoute)]

    init(parameters: [String: String], operations: [(HTTPMethod, APIRoute)]) {
      self.parameters = parameters
      self.operations = operations
    }

    init(parameter: String, expression: String, operations: [(HTTPMethod, APIRoute)]) {
      self.init(parameters: [parameter: expression], operations: operations)
    }
  }

  /// This answer with OpenAPI links; schemathesis' stateful phase follows them.
  static func json(_ schema: JSONValue, links: [Link]) -> JSONValue {
    let all = links.flatMap { link in
      link.operations.map { method, route -> (String, JSONValue) in
        let id = APIOperation.operationID(method, route)
        return (id, ["operationId": .string(id), "parameters": .object(link.parameters.mapValues { .string($0) })])
      }
    }
    return json(schema).merging(["links": .object(Dictionary(uniqueKeysWithValues: all))])
  }

  /// This answer with links that open `operations` with `parameter` from the answer at `expression`.
  static func json(
    _ schema: JSONValue, linking parameter: String, from expression: String, to operations: [(HTTPMethod, APIRoute)]
  ) -> JSONValue {
    json(schema, links: [Link(parameter: parameter, expression: expression, operations: operations)])
  }
}
