import BlastoiseHTTP

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
    /// A session whose role grants this permission (`Permission` raw value).
    case permission(String)
  }

  enum Body: Sendable {
    case none
    /// JSON is accepted (so the request needs a JSON content type when it sends one) and ignored.
    case ignoredJSON
    case json(JSONValue)
    case multipart(JSONValue)
  }

  let method: HTTPMethod
  /// OpenAPI form: `/api/channels/{id}`.
  let path: String
  let summary: String
  let access: Access
  let body: Body
  /// Success answers by status.
  let answers: [Int: JSONValue]
  let errors: Set<Int>
  let notes: String?
  /// Query parameters (`QueryParameters`).
  let query: [JSONValue]

  init(
    _ method: HTTPMethod, _ path: String, _ summary: String, access: Access, body: Body = .none,
    query: [JSONValue] = [], answers: [Int: JSONValue], errors: Set<Int> = [], notes: String? = nil
  ) {
    self.method = method
    self.path = path
    self.summary = summary
    self.access = access
    self.body = body
    self.query = query
    self.answers = answers
    self.errors = errors
    self.notes = notes
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
      "operationId": .string(method.rawValue.lowercased() + path.split(separator: "/").map(Self.camelCased).joined()),
    ]
    if let description { fields["description"] = .string(description) }
    if case .permission(let name) = access { fields["x-permission"] = .string(name) }
    let parameters = pathParameters + query
    if !parameters.isEmpty { fields["parameters"] = .array(parameters) }
    if let requestBody { fields["requestBody"] = requestBody }
    return .object(fields)
  }

  private var description: String? {
    let permission: String? =
      if case .permission(let name) = access { "Needs a session with the `\(name)` permission." } else { nil }
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
    }
  }

  private var responses: JSONValue {
    var all = answers.reduce(into: [String: JSONValue]()) { $0[String($1.key)] = $1.value }
    for status in allErrors { all[String(status)] = ["$ref": .string("#/components/responses/\(status)")] }
    return .object(all)
  }

  private var pathParameters: [JSONValue] {
    path.split(separator: "/").filter { $0.hasPrefix("{") && $0.hasSuffix("}") }.map { segment in
      [
        "name": .string(String(segment.dropFirst().dropLast())), "in": "path", "required": true,
        "schema": ["type": "string", "minLength": 1],
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

  /// This answer with OpenAPI links: the operations (by ID) that `parameter`, taken from the
  /// answer at `expression`, opens. schemathesis' stateful phase follows them.
  static func json(_ schema: JSONValue, linking parameter: String, from expression: String, to operationIDs: [String])
    -> JSONValue
  {
    let links = operationIDs.map { id -> (String, JSONValue) in
      (id, ["operationId": .string(id), "parameters": .object([parameter: .string(expression)])])
    }
    return json(schema).merging(["links": .object(Dictionary(uniqueKeysWithValues: links))])
  }
}
