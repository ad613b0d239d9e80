/// The bodies the server takes. Most refuse unknown keys (400, `StrictDecoding`); the playback
/// bodies of the seed (`jump`, `seek`, `mode`) ignore them.
enum RequestSchemas {
  static let all: [String: JSONValue] = [
    "Credentials": credentials, "NewNameAndDescription": newNameAndDescription,
    "NameAndDescription": nameAndDescription, "JumpRequest": jump, "SeekRequest": seek, "ModeRequest": mode,
    "ListEditRequest": listEdit, "PlaylistChanges": playlistChanges, "UploadForm": upload,
  ]

  static let name: JSONValue = ["type": "string", "description": "1–80 characters after trimming spaces"]
  static let description: JSONValue = ["type": "string", "description": "at most 500 characters after trimming"]

  static let credentials = Schema.strictObject(
    [
      "username": ["type": "string", "description": "1–32 characters, no control characters, not `guest-…`"],
      "password": ["type": "string", "description": "8–256 characters (sign-up)"],
    ],
    required: ["username", "password"])

  static let newNameAndDescription = Schema.strictObject(
    ["name": name, "description": description], required: ["name"])

  static let nameAndDescription = Schema.strictObject(["name": name, "description": description])

  static let jump = Schema.object(["index": ["type": "integer", "description": "queue position"]], required: ["index"])

  static let seek = Schema.object(
    ["timestamp": ["type": "number", "description": "seconds into the current track"]], required: ["timestamp"])

  static let mode = Schema.object(["mode": WireSchemas.playbackMode], required: ["mode"])

  /// Exactly one edit: positions (not IDs) for `remove` and `move`; duplicate IDs are allowed.
  static let listEdit: JSONValue = [
    "description": "Exactly one of set, add (+ insertAt), remove, move (+ to); at most 10,000 entries",
    "oneOf": [
      Schema.strictObject(["set": Schema.array(Schema.string)], required: ["set"]),
      Schema.strictObject(
        ["add": ["type": "array", "items": Schema.string, "minItems": 1], "insertAt": Schema.integer],
        required: ["add"]),
      Schema.strictObject(["remove": ["type": "array", "items": Schema.integer, "minItems": 1]], required: ["remove"]),
      Schema.strictObject(
        ["move": ["type": "array", "items": Schema.integer, "minItems": 1], "to": Schema.integer],
        required: ["move", "to"]),
    ],
  ]

  static let playlistChanges = Schema.strictObject(
    ["name": name, "description": description, "isPublic": Schema.boolean])

  static let upload = Schema.object(
    ["file": ["type": "array", "items": ["type": "string", "format": "binary"], "minItems": 1]], required: ["file"])
}
