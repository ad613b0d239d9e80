import Testing

/// Malformed sign-up and sign-in bodies get a 4xx with a clear message and never a session.
@Suite struct AuthBadInputTests {
  static let cases: [(body: String?, contentType: String, status: Int, message: String)] = [
    (nil, "application/json", 400, "A JSON body is required"),
    ("{", "application/json", 400, "Malformed JSON body"),
    (#"{"username":"a"}"#, "application/json", 400, "Missing field 'password'"),
    (#"{"username":5,"password":"password123"}"#, "application/json", 400, "Wrong type for 'username'"),
    (#"{"username":"a","password":"password123","admin":true}"#, "application/json", 400, "Unknown field 'admin'"),
    (
      #"{"username":"\#(String(repeating: "x", count: 33))","password":"password123"}"#, "application/json", 400,
      "Username must be 1–32 characters"
    ),
    (#"{"username":"ok","password":"short"}"#, "application/json", 400, "Password must be 8–256 characters"),
    (
      #"{"username":"ok","password":"password123"}"#, "text/plain", 415,
      "Send the body as JSON (Content-Type: application/json)"
    ),
    (
      #"{"username":"ok","password":"\#(String(repeating: "p", count: 5000))"}"#, "application/json", 413,
      "Body larger than 4096 bytes"
    ),
  ]

  @Test(arguments: 0..<cases.count)
  func signUpRefusesBadBodies(index: Int) async throws {
    let server = try await TestServer()
    let (body, contentType, status, message) = Self.cases[index]
    let client = server.client()
    var headers = ["Content-Type": contentType]
    if body == nil { headers["Content-Length"] = "0" }
    let response = try await client.request("POST", "/api/auth/signup", json: nil, headers: headers, body: body)
    #expect(response.status == status)
    #expect(response.errorMessage == message)
    #expect(response.header("Set-Cookie") == nil)
    await server.stop()
  }

  @Test func takenNamesConflictCaseInsensitively() async throws {
    let server = try await TestServer()
    try await server.client().signUp("Olga")
    let again = try await server.client().signUp("OLGA")
    #expect(again.status == 409)
    #expect(again.errorMessage == "That username is taken")
    await server.stop()
  }

  @Test func garbageCookieIsUnauthorizedNotAnError() async throws {
    let server = try await TestServer()
    let client = server.client()
    client.cookie = "'; DROP TABLE sessions; --"
    #expect(try await client.post("/api/auth/kick-others").status == 401)
    let me = try await client.get("/api/auth/me")
    #expect(me.status == 200)
    #expect(me.header("Set-Cookie")?.contains("Max-Age=0") == true)
    await server.stop()
  }
}
