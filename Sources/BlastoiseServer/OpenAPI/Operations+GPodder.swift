/// The gpodder.net v2 API and its simple API (their paths and shapes, not ours), so AntennaPod,
/// gPodder and Kasts keep their apps. Callers sign in with HTTP Basic (the username and an app
/// password, or the account's password) or a session cookie; a 401 carries
/// `WWW-Authenticate: Basic`. `{user}` must be the caller's username.
extension APIOperation {
  static let gpodderNotes =
    "gpodder.net's API. HTTP Basic with the username and an app password (or the account's password), or a "
    + "session cookie; 401 (with `WWW-Authenticate: Basic`) when `{user}` is not the caller. Guests get 403. "
    + "`{file}` is `{name}.json`; another extension is a 404. Bodies are JSON whatever their Content-Type."
  static let gpodderEmpty = Answer.json(Schema.object([:], required: []))
  static let gpodderNothing: JSONValue = ["description": "OK, with an empty body (as gpodder.net answers)"]
  static let gpodderUploaded = Answer.json(Schema.ref("GPodderUploadResult"))
  static let gpodderSince = QueryParameters.parameter(
    "since", ["type": "integer", "minimum": 0], "Server time in seconds, from an earlier answer's `timestamp`")

  static let gpodder: [APIOperation] = [
    APIOperation(
      .post, .gpodderAuth, "gPodder: sign in (login.json) or out (logout.json)", access: .permission(.listen),
      body: .ignoredJSON, answers: [200: gpodderEmpty], errors: [404, 429],
      notes: gpodderNotes + " No session is made: clients send their credentials with every request."),
    APIOperation(
      .get, .gpodderDevices, "gPodder: the account's devices", access: .permission(.listen),
      answers: [200: Answer.json(Schema.array(Schema.ref("GPodderDevice")))], errors: [404, 429], notes: gpodderNotes),
    APIOperation(
      .post, .gpodderDevice, "gPodder: make or change a device", access: .permission(.listen),
      body: .json(Schema.ref("GPodderDeviceUpdate")), answers: [200: gpodderNothing], errors: [404, 429],
      notes: gpodderNotes),
    APIOperation(
      .get, .gpodderSubscriptions, "gPodder: subscription changes since a time", access: .permission(.listen),
      query: [gpodderSince], answers: [200: Answer.json(Schema.ref("GPodderSubscriptionChanges"))],
      errors: [404, 429],
      notes: gpodderNotes + " A person's devices share one subscription list."),
    APIOperation(
      .post, .gpodderSubscriptions, "gPodder: upload subscription changes", access: .permission(.listen),
      body: .json(Schema.ref("GPodderSubscriptionUpload")), answers: [200: gpodderUploaded], errors: [404, 429],
      notes: gpodderNotes + " URLs that are not http(s) are dropped and listed in `update_urls` as `[url, \"\"]`."),
    APIOperation(
      .get, .gpodderEpisodes, "gPodder: episode actions stored since a time", access: .permission(.listen),
      query: [
        gpodderSince,
        QueryParameters.parameter("podcast", Schema.string, "Only this podcast's (its feed URL)"),
      ],
      answers: [200: Answer.json(Schema.ref("GPodderEpisodeActions"))], errors: [404, 429],
      notes: gpodderNotes
        + " Episode actions are the listening progress the web app shows: one `play` (or `new`) per episode, the "
        + "newest. `since` counts when the server stored it, not when it was played."),
    APIOperation(
      .post, .gpodderEpisodes, "gPodder: upload episode actions", access: .permission(.listen),
      body: .json(Schema.array(Schema.ref("GPodderEpisodeAction"))), answers: [200: gpodderUploaded],
      errors: [404, 429],
      notes: gpodderNotes
        + " At most 1,000 at once. `play` and `new` move the listening progress (the newest `timestamp` wins); "
        + "`download`, `delete` and `flattr` are accepted and not kept."),
    APIOperation(
      .get, .gpodderSimpleDevice, "gPodder simple API: the subscriptions (json, txt or opml)",
      access: .permission(.listen),
      answers: [200: Answer.json(Schema.array(Schema.string))], errors: [404, 429],
      notes: gpodderNotes + " `{file}` is `{device}.json`, `{device}.txt` (one URL a line) or `{device}.opml`."),
    APIOperation(
      .get, .gpodderSimple, "gPodder simple API: every device's subscriptions", access: .permission(.listen),
      answers: [200: Answer.json(Schema.array(Schema.string))], errors: [404, 429],
      notes: gpodderNotes + " `{file}` is `{user}.json`, `{user}.txt` or `{user}.opml`."),
    APIOperation(
      .put, .gpodderSimpleDevice, "gPodder simple API: replace the subscriptions", access: .permission(.listen),
      body: .json(Schema.array(Schema.string)), answers: [200: gpodderNothing], errors: [404, 429],
      notes: gpodderNotes),
  ]
}

/// gpodder.net's shapes.
enum GPodderSchemas {
  static let urls = Schema.array(Schema.string)

  static let all: [String: JSONValue] = [
    "GPodderDevice": Schema.object(
      ["id": Schema.string, "caption": Schema.string, "type": Schema.string, "subscriptions": ["type": "integer"]],
      required: ["id", "caption", "type", "subscriptions"]),
    "GPodderDeviceUpdate": Schema.object(["caption": Schema.string, "type": Schema.string], required: []),
    "GPodderSubscriptionUpload": Schema.object(["add": urls, "remove": urls], required: []),
    "GPodderUploadResult": Schema.object(
      ["timestamp": ["type": "integer"], "update_urls": Schema.array(urls)], required: ["timestamp", "update_urls"]),
    "GPodderSubscriptionChanges": Schema.object(
      ["add": urls, "remove": urls, "timestamp": ["type": "integer"]], required: ["add", "remove", "timestamp"]),
    "GPodderEpisodeAction": Schema.object(
      [
        "podcast": Schema.string, "episode": Schema.string,
        "action": Schema.oneOf(["play", "download", "delete", "new", "flattr"]), "device": Schema.string,
        "timestamp": Schema.string, "started": ["type": "integer"], "position": ["type": "integer"],
        "total": ["type": "integer"], "guid": Schema.string,
      ], required: ["podcast", "episode", "action"]),
    "GPodderEpisodeActions": Schema.object(
      ["actions": Schema.array(Schema.ref("GPodderEpisodeAction")), "timestamp": ["type": "integer"]],
      required: ["actions", "timestamp"]),
  ]
}
