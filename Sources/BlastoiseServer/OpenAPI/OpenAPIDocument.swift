import BlastoiseProtocol

/// The OpenAPI 3.1 description of every HTTP route, served at `GET /api/openapi.json`. It is the
/// only copy: `docs/api.md` explains it and the WebSocket side, `OpenAPIContractTests` checks it
/// names exactly the router's routes, and `scripts/api-contract` runs schemathesis against it.
enum OpenAPIDocument {
  static let operations: [APIOperation] =
    APIOperation.status + APIOperation.auth + APIOperation.rooms + APIOperation.library + APIOperation.catalog
    + APIOperation.playlists + APIOperation.imports + APIOperation.covers + APIOperation.annotations
    + APIOperation.progress + APIOperation.bookmarks + APIOperation.appPasswords + APIOperation.gpodder
    + APIOperation.subsonic
    + APIOperation.podcasts + APIOperation.books + APIOperation.photos
    + APIOperation.photoTus

  static var json: JSONValue {
    [
      "openapi": "3.1.0",
      "info": [
        "title": "Blastoise", "version": .string(BlastoiseVersion.current),
        "description": .string(
          """
          Synchronized listening rooms and a music library. Errors are always `{ "error": "…" }`. \
          Fields marked `x-additive` are this server's additions to the seed's contract; clients \
          must ignore fields they do not know. The room socket (GET \(APIOperation.path(.roomSocket))) \
          is described in docs/api.md.
          """),
      ],
      "paths": paths,
      "components": [
        "securitySchemes": [
          "session": [
            "type": "apiKey", "in": "cookie", "name": "blastoise_session",
            "description": .string("Set by sign-up, sign-in and (with guests allowed) GET \(APIRoute.me.pattern)"),
          ]
        ],
        "schemas": .object(WireSchemas.all.merging(RequestSchemas.all) { first, _ in first }),
        "responses": .object(errorResponses),
      ],
    ]
  }

  private static var paths: JSONValue {
    .object(
      Dictionary(grouping: operations, by: \.path).mapValues { group in
        .object(Dictionary(uniqueKeysWithValues: group.map { ($0.method.rawValue.lowercased(), $0.json) }))
      })
  }

  /// What each error status means here; the body is always `Error`.
  static let errorMeanings: [Int: String] = [
    400: "Malformed request: bad JSON, a wrong or unknown field, a value out of range",
    401: "No session, or the session has ended",
    403: "Not permitted: the role lacks the permission, a foreign Origin, or the feature is off",
    404: "No such thing (or not visible to the caller)",
    409: "Conflicts with the current state (for a resumable upload: Upload-Offset is not where it is)",
    412: "Tus-Resumable is not 1.0.0 (Tus-Version says what is)",
    423: "Another request is sending this upload's bytes",
    413: "Body larger than the route takes (or a body where none is taken)",
    415: "Wrong Content-Type for the body (or, for uploads, not audio)",
    416: "Range not satisfiable (for a track's piece: it starts at or past the end)",
    422: "The file cannot be decoded",
    426: "Unsupported WebSocket version (send 13)",
    429: "Too many attempts; see Retry-After",
    502: "yt-dlp could not read the URL",
    503: "Unavailable: yt-dlp or ffmpeg cannot run, or a guest session could not be made",
    504: "Looking at the URL took too long",
    460: "Checksum mismatch (tus): the bytes were dropped",
    507: "Insufficient storage: the caller's photo quota is full, or the server's disk",
  ]

  private static var errorResponses: [String: JSONValue] {
    errorMeanings.reduce(into: [:]) { all, entry in
      var response: JSONValue = [
        "description": .string(entry.value), "content": ["application/json": ["schema": Schema.ref("Error")]],
      ]
      if entry.key == 429 {
        response = response.merging(["headers": ["Retry-After": ["schema": ["type": "integer"]]]])
      }
      all[String(entry.key)] = response
    }
  }
}
