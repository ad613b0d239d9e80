/// The Subsonic API (its paths and shapes, not ours; `docs/api.md` lists the methods): every
/// answer is HTTP 200, errors too (`status="failed"` with the Subsonic error code), XML unless
/// `f=json` or `f=jsonp`; `stream`, `download` and `getCoverArt` answer media.
extension APIOperation {
  static let subsonicNotes =
    "The Subsonic API with OpenSubsonic extensions. `{method}` is the method's name, with or without `.view`. "
    + "Credentials come with every request: `apiKey` (an app password), or `u` with `t` = md5(app password + `s`), "
    + "or `u` with `p` (the account's password or an app password; `enc:` and hex allowed), throttled as a "
    + "sign-in. Errors are HTTP 200 with `status=\"failed\"` and the Subsonic error code."
  static let subsonicAnswer: JSONValue = [
    "description":
      "The `subsonic-response` envelope (XML, JSON or JSONP), or media for stream, download and getCoverArt",
    "content": [
      "application/xml": ["schema": Schema.string],
      "application/json": ["schema": ["type": "object", "required": ["subsonic-response"]]],
      "application/javascript": ["schema": Schema.string],
      "*/*": ["schema": ["type": "string", "format": "binary"]],
    ],
  ]
  static let subsonicParameters: [QueryParameter] = [
    QueryParameters.parameter("f", ["type": "string", "enum": ["xml", "json", "jsonp"]], "The answer's format"),
    QueryParameters.parameter("apiKey", Schema.string, "An app password (apiKeyAuthentication)"),
    QueryParameters.parameter("u", Schema.string, "The username"),
    QueryParameters.parameter("t", Schema.string, "md5(app password + s), in hex"),
    QueryParameters.parameter("s", Schema.string, "The salt of t"),
    QueryParameters.parameter("p", Schema.string, "A password, plain or `enc:` and its UTF-8 in hex"),
    QueryParameters.parameter("id", Schema.string, "An item's ID (repeatable where the method takes several)"),
  ]

  static let subsonic: [APIOperation] = [
    APIOperation(
      .get, .subsonic, "Subsonic API: call a method", access: .open, query: subsonicParameters,
      answers: [200: subsonicAnswer], notes: subsonicNotes),
    APIOperation(
      .post, .subsonic, "Subsonic API: call a method with its parameters as a form (formPost)", access: .open,
      body: .form(Schema.object([:], required: [])), answers: [200: subsonicAnswer],
      notes: subsonicNotes + " The body's parameters come after the query's; the answer is the same as a GET's."),
  ]
}
