/// The bodies the server takes. Most refuse unknown keys (400, `StrictDecoding`); the playback
/// bodies of the seed (`jump`, `seek`, `mode`) ignore them.
enum RequestSchemas {
  static let all: [String: JSONValue] = [
    "Credentials": credentials, "PasswordChange": passwordChange, "NewNameAndDescription": newNameAndDescription,
    "RoomUpdate": roomUpdate, "JumpRequest": jump, "SeekRequest": seek, "ModeRequest": mode,
    "ListEditRequest": listEdit, "PlaylistChanges": playlistChanges, "UploadForm": upload,
  ].merging(PhotoSchemas.requests) { first, _ in first }

  /// Trimmed of spaces, then 1–80 characters (`RoomNames`).
  static let name: JSONValue = ["type": "string", "minLength": 1, "maxLength": 80, "pattern": "\\S"]
  static let description: JSONValue = ["type": "string", "maxLength": 500]

  static let username: JSONValue = [
    "type": "string", "minLength": 1, "maxLength": 32, "pattern": "\\S",
    "description": "trimmed; no control characters; not `guest-…`",
  ]
  static let password: JSONValue = ["type": "string", "minLength": 8, "maxLength": 256]

  static let credentials = Schema.strictObject(
    ["username": username, "password": password], required: ["username", "password"])

  static let passwordChange = Schema.strictObject(
    [
      "currentPassword": ["type": "string", "maxLength": 1024],
      "newPassword": ["type": "string", "minLength": 8, "maxLength": 256],
    ],
    required: ["currentPassword", "newPassword"])

  static let newNameAndDescription = Schema.strictObject(
    ["name": name, "description": Schema.nullable(description)], required: ["name"])

  /// `controlMode`, `djs` and `isPrivate` are additive; only the room's owner or an admin may send any of it.
  static let roomUpdate = Schema.strictObject(
    [
      "name": Schema.nullable(name), "description": Schema.nullable(description),
      "controlMode": Schema.additive(Schema.nullable(WireSchemas.controlMode)),
      "djs": Schema.additive(
        Schema.nullable([
          "type": "array", "items": ["type": "integer", "minimum": 1], "maxItems": 100,
          "description": "user IDs; replaces the list",
        ])),
      "isPrivate": Schema.additive(
        Schema.nullable([
          "type": "boolean", "description": "true: joinable with a new invite token only; false: open to everyone",
        ])),
    ])

  static let jump = Schema.object(["index": ["type": "integer", "description": "queue position"]], required: ["index"])

  static let seek = Schema.object(
    ["timestamp": ["type": "number", "description": "seconds into the current track"]], required: ["timestamp"])

  static let mode = Schema.object(["mode": WireSchemas.playbackMode], required: ["mode"])

  /// Exactly one edit: positions (not IDs) for `remove` and `move`; duplicate IDs are allowed.
  static let listEdit: JSONValue = [
    "description": "Exactly one of set, add (+ insertAt), remove, move (+ to); at most 10,000 entries",
    "oneOf": [
      edit(["set": Schema.array(Schema.string)]),
      edit(["add": nonEmpty(Schema.string)], optional: ["insertAt": Schema.integer]),
      edit(["remove": nonEmpty(Schema.integer)]),
      edit(["move": nonEmpty(Schema.integer), "to": Schema.integer]),
    ],
  ]

  private static func nonEmpty(_ items: JSONValue) -> JSONValue { ["type": "array", "items": items, "minItems": 1] }

  /// One kind of edit; the other edits' keys may only be `null` (the same as left out).
  private static func edit(_ required: [String: JSONValue], optional: [String: JSONValue] = [:]) -> JSONValue {
    var properties = optional.mapValues(Schema.nullable).merging(required) { _, kept in kept }
    for key in ["set", "add", "insertAt", "remove", "move", "to"] where properties[key] == nil {
      properties[key] = ["type": "null"]
    }
    return Schema.strictObject(properties, required: required.keys.sorted())
  }

  static let playlistChanges = Schema.strictObject(
    [
      "name": Schema.nullable(name), "description": Schema.nullable(description),
      "isPublic": Schema.nullable(Schema.boolean),
    ])

  static let upload = Schema.object(
    ["file": ["type": "array", "items": ["type": "string", "format": "binary"], "minItems": 1]], required: ["file"])
}
