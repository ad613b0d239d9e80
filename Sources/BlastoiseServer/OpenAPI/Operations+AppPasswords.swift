/// App passwords (additive): per-app secrets for the gPodder (and later Subsonic) APIs.
extension APIOperation {
  static let appPasswordNotes = "Additive. Guests get 403: they have no account."

  static let appPasswords: [APIOperation] = [
    APIOperation(
      .get, .appPasswords, "The caller's app passwords, the newest first (no secrets)", access: .permission(.listen),
      answers: [200: Answer.json(Schema.ref("AppPasswordList"))], notes: appPasswordNotes),
    APIOperation(
      .post, .appPasswords, "Make an app password", access: .permission(.listen),
      body: .json(Schema.ref("AppPasswordRequest")), answers: [201: Answer.json(Schema.ref("CreatedAppPassword"))],
      errors: [409],
      notes: appPasswordNotes
        + " The secret (`password`) is shown only here. An app signs in with the account's username and it."
        + " 409 past 50 per account."),
    APIOperation(
      .delete, .appPassword, "Revoke an app password", access: .permission(.listen), body: .ignoredJSON,
      answers: [200: Answer.json(Schema.ref("Success"))], errors: [404],
      notes: appPasswordNotes + " Apps using it are refused from their next request."),
  ]
}

/// The shapes of app passwords (additive).
enum AppPasswordSchemas {
  static let info = Schema.object(
    [
      "id": Schema.string, "name": Schema.string, "createdAt": Schema.milliseconds,
      "lastUsedAt": Schema.milliseconds,
    ], required: ["id", "name", "createdAt"])

  static let all: [String: JSONValue] = [
    "AppPassword": Schema.additive(info),
    "AppPasswordList": Schema.additive(
      Schema.object(["appPasswords": Schema.array(Schema.ref("AppPassword"))], required: ["appPasswords"])),
    "CreatedAppPassword": Schema.additive(
      Schema.object(
        ["appPassword": Schema.ref("AppPassword"), "password": Schema.string], required: ["appPassword", "password"])),
    "AppPasswordRequest": Schema.strictObject(
      ["name": ["type": "string", "minLength": 1, "maxLength": 100]], required: ["name"]),
  ]
}
