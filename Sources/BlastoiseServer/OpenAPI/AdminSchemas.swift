/// Accounts and switches as admins manage them, and one's own profile.
enum AdminSchemas {
  static let all: [String: JSONValue] = [
    "AccountInfo": accountInfo, "NewAccount": newAccount, "AccountChange": accountChange,
    "PolicyChange": policyChange, "ProfileChange": profileChange, "ScanRecord": scanRecord,
  ]

  static let role = Schema.oneOf(["admin", "user"])
  static let displayName: JSONValue = ["type": "string", "maxLength": 64]

  static let scanRecord = Schema.additive(
    Schema.object(
      [
        "startedAt": Schema.milliseconds, "finishedAt": Schema.milliseconds,
        "trigger": Schema.oneOf(["start", "hourly", "admin", "subsonic", "command"]), "failure": Schema.string,
        "added": Schema.integer, "unchanged": Schema.integer, "missing": Schema.integer, "skipped": Schema.integer,
        "skippedFiles": [
          "type": "array", "maxItems": 200,
          "items": Schema.object(["path": Schema.string, "reason": Schema.string], required: ["path", "reason"]),
        ],
      ],
      required: [
        "startedAt", "finishedAt", "trigger", "added", "unchanged", "missing", "skipped", "skippedFiles",
      ]))

  static let accountInfo = Schema.additive(
    Schema.object(
      [
        "id": Schema.integer, "username": Schema.string, "displayName": displayName, "role": role,
        "disabled": Schema.boolean, "createdAt": Schema.integer, "lastSeenAt": Schema.integer,
      ],
      required: ["id", "username", "role", "disabled", "createdAt"]))

  static let newAccount = Schema.strictObject(
    [
      "username": RequestSchemas.username, "password": RequestSchemas.password,
      "role": Schema.nullable(role),
    ],
    required: ["username", "password"])

  static let accountChange = Schema.strictObject(
    ["role": Schema.nullable(role), "disabled": Schema.nullable(Schema.boolean)])

  static let policyChange = Schema.strictObject(
    ["allowGuests": Schema.nullable(Schema.boolean), "allowSignup": Schema.nullable(Schema.boolean)])

  /// Trimmed; empty or null clears it; no control characters.
  static let profileChange = Schema.strictObject(
    ["displayName": Schema.nullable(["type": "string", "maxLength": 1024])], required: ["displayName"])
}
