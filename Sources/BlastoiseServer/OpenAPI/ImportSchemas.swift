/// URL import (`/api/fetch…`, docs/url-import.md) in the seed's shapes (`ImportItem`,
/// `ImportResponse`, `ImportConfirmResponse`); job details are our additions.
enum ImportSchemas {
  static let all: [String: JSONValue] = [
    "FetchItem": item, "FetchSingleResponse": single, "FetchPlaylistResponse": playlist,
    "FetchConfirmResponse": confirmed, "FetchJobInfo": job, "FetchRequest": request, "FetchConfirmRequest": confirm,
  ]

  static let status = Schema.oneOf(["queued", "downloading", "processing", "complete", "error", "cancelled"])

  /// In answers `id` is always there: a playlist entry's ID, or a job's.
  static let item = Schema.object(
    ["id": Schema.string, "url": Schema.string, "title": Schema.string], required: ["id", "url", "title"])

  static let single = Schema.object(
    ["type": ["const": "single"], "id": Schema.string, "title": Schema.string], required: ["type", "id", "title"])

  static let playlist = Schema.object(
    [
      "type": ["const": "playlist"], "title": Schema.string, "count": Schema.integer,
      "items": Schema.array(Schema.ref("FetchItem")), "requiresConfirmation": ["const": true],
    ],
    required: ["type", "title", "count", "items", "requiresConfirmation"])

  static let confirmed = Schema.object(
    [
      "message": Schema.string, "playlistId": Schema.string, "playlistName": Schema.string,
      "items": Schema.array(Schema.ref("FetchItem")),
    ],
    required: ["message", "playlistId", "playlistName", "items"])

  static let job = Schema.object(
    [
      "id": Schema.string, "url": Schema.string, "title": Schema.string, "status": Schema.additive(status),
      "progress": Schema.additive(["type": "integer", "minimum": 0, "maximum": 100]),
      "error": Schema.additive(["type": "string", "description": "left out unless the job failed"]),
      "trackId": Schema.additive(Schema.string), "playlistId": Schema.additive(Schema.string),
      "createdAt": Schema.additive(Schema.milliseconds), "updatedAt": Schema.additive(Schema.milliseconds),
    ],
    required: ["id", "url", "title", "status", "progress", "createdAt", "updatedAt"])

  static let request = Schema.strictObject(
    ["url": ["type": "string", "description": "http(s), at most 2048 bytes, no spaces"]], required: ["url"])

  /// Entries by `id` (as the playlist answer listed them) or, without one, by `url`.
  static let confirm = Schema.strictObject(
    [
      "playlistTitle": Schema.nullable(Schema.string),
      "items": [
        "type": "array", "minItems": 1, "maxItems": 500,
        "items": Schema.object(
          ["id": Schema.nullable(Schema.string), "url": Schema.string, "title": Schema.string],
          required: ["url", "title"]),
      ],
    ],
    required: ["items"])
}
