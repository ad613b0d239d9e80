/// Per-person library data (additive): favourites, ratings and plays of tracks, albums and
/// artists. Guests get 403: they keep none.
extension APIOperation {
  static let oneAnnotation = Answer.json(Schema.ref("Annotation"))
  static let guestsRefused = "Additive. Guests get 403: they keep no favourites, ratings or plays."

  static let annotations: [APIOperation] = [
    APIOperation(
      .put, .favourite, "Make a track, album or artist a favourite", access: .permission(.listen),
      body: .ignoredJSON, answers: [200: oneAnnotation], errors: [404],
      notes: "Additive. `kind` is `tracks`, `albums` or `artists` (else 400). Guests get 403."),
    APIOperation(
      .delete, .favourite, "No longer a favourite", access: .permission(.listen), body: .ignoredJSON,
      answers: [200: oneAnnotation], errors: [404], notes: guestsRefused),
    APIOperation(
      .get, .favourites, "The caller's favourites, the latest chosen first", access: .permission(.listen),
      answers: [200: Answer.json(Schema.ref("Favourites"))], notes: guestsRefused),
    APIOperation(
      .get, .annotations, "The caller's annotation of every track, album or artist they annotated, by ID",
      access: .permission(.listen), answers: [200: Answer.json(Schema.ref("Annotations"))],
      notes:
        "Additive. `kind` is `tracks`, `albums` or `artists` (else 400). For lists whose items carry no "
        + "annotations (`/api/library`, a room's queue, a playlist). Guests get 403."),
    APIOperation(
      .put, .rating, "Rate a track, album or artist (1–5)", access: .permission(.listen),
      body: .json(Schema.ref("RatingRequest")), answers: [200: oneAnnotation], errors: [404], notes: guestsRefused),
    APIOperation(
      .delete, .rating, "Clear a rating", access: .permission(.listen), body: .ignoredJSON,
      answers: [200: oneAnnotation], errors: [404], notes: guestsRefused),
    APIOperation(
      .post, .plays, "Count a play heard outside a room", access: .permission(.listen),
      body: .json(Schema.ref("PlayReport")), answers: [200: oneAnnotation], errors: [404],
      notes:
        "Additive. The client sends it once the track has been heard for half its length or four minutes, "
        + "whichever is less (never for tracks under 30 s); rooms count their listeners' plays themselves. "
        + "Guests get 403."),
    APIOperation(
      .get, .recentPlays, "What the caller played last, the latest first", access: .permission(.listen),
      query: [QueryParameters.recentLimit], answers: [200: Answer.json(Schema.ref("RecentlyPlayed"))],
      notes: guestsRefused),
  ]
}

/// The shapes of per-person data (additive). Fields without a value are left out.
enum AnnotationSchemas {
  static let all: [String: JSONValue] = [
    "Annotation": Schema.additive(Schema.object(fields, required: [])),
    "Annotations": Schema.additive(["type": "object", "additionalProperties": Schema.ref("Annotation")]),
    "Favourites": Schema.additive(
      Schema.object(
        [
          "tracks": Schema.array(Schema.ref("Track")), "albums": Schema.array(Schema.ref("Album")),
          "artists": Schema.array(Schema.ref("Artist")),
        ], required: ["tracks", "albums", "artists"])),
    "RecentlyPlayed": Schema.additive(
      Schema.object(
        ["tracks": Schema.array(Schema.ref("Track")), "albums": Schema.array(Schema.ref("Album"))],
        required: ["tracks", "albums"])),
    "RatingRequest": Schema.strictObject(["rating": rating], required: ["rating"]),
    "PlayReport": Schema.strictObject(["trackId": Schema.string], required: ["trackId"]),
  ]

  static let rating: JSONValue = ["type": "integer", "minimum": 1, "maximum": 5]

  /// The signed-in person's annotation, on an item or on its own.
  static let fields: [String: JSONValue] = [
    "favourite": Schema.additive(["const": true]), "rating": Schema.additive(rating),
    "playCount": Schema.additive(["type": "integer", "minimum": 1]), "playedAt": Schema.additive(Schema.milliseconds),
  ]
}
