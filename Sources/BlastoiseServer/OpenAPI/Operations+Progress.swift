import BlastoiseCore

/// Spoken-word progress per person (additive). Guests get 403: they keep none.
extension APIOperation {
  static let oneProgress = Answer.json(Schema.ref("ListeningProgress"))
  static let progressNotes =
    "Additive. `kind` is `episodes` (`id`: the episode's enclosure URL, percent-encoded as one segment) or "
    + "`books` (else 400). Guests get 403."

  static let progress: [APIOperation] = [
    APIOperation(
      .get, .progressItem, "Where the caller got to in an episode or book", access: .permission(.listen),
      answers: [200: oneProgress], errors: [404], notes: progressNotes),
    APIOperation(
      .put, .progressItem, "Report where the caller got to", access: .permission(.listen),
      body: .json(Schema.ref("ProgressReport")), answers: [200: oneProgress],
      notes: progressNotes
        + " `at` is when the position was true (ms since the epoch; default: now, and never later than now). "
        + "The newest `at` wins: an older report changes nothing, and the answer is what is stored. Without "
        + "`finished`, less than ten seconds left counts as finished."),
    APIOperation(
      .delete, .progressItem, "Mark an episode or book as new", access: .permission(.listen), body: .ignoredJSON,
      answers: [200: oneProgress],
      notes: progressNotes + " Stored as a report of the start, so an older report from a device cannot undo it."),
    APIOperation(
      .get, .progress, "Continue listening: the caller's unfinished episodes and books, the latest first",
      access: .permission(.listen), query: [QueryParameters.progressLimit],
      answers: [200: Answer.json(Schema.ref("ProgressList"))], notes: "Additive. Guests get 403."),
  ]
}

/// The shapes of spoken-word progress (additive).
enum ProgressSchemas {
  static let seconds: JSONValue = ["type": "number", "minimum": 0, "description": "seconds"]
  static let longest = JSONValue.integer(Int(ProgressRule.longest))

  static let all: [String: JSONValue] = [
    "ListeningProgress": Schema.additive(
      Schema.object(
        [
          "kind": Schema.oneOf(["episodes", "books"]), "id": Schema.string, "position": seconds,
          "duration": seconds, "finished": ["type": "boolean"], "positionAt": Schema.milliseconds,
          "updatedAt": Schema.milliseconds, "feed": Schema.string, "guid": Schema.string,
        ], required: ["kind", "id", "position", "finished", "positionAt", "updatedAt"])),
    "ProgressList": Schema.additive(
      Schema.object(
        [
          "progress": Schema.array(Schema.ref("ListeningProgress")),
          "episodes": Schema.array(Schema.ref("ProgressEpisode")),
        ], required: ["progress"])),
    "ProgressEpisode": Schema.additive(
      Schema.object(
        [
          "podcastId": Schema.string, "podcastUrl": Schema.string, "podcastTitle": Schema.string,
          "podcastAuthor": Schema.string, "podcastImageUrl": Schema.string, "episode": Schema.ref("PodcastEpisode"),
        ], required: ["podcastId", "podcastUrl", "episode"])),
    "ProgressReport": Schema.strictObject(
      [
        "position": ["type": "number", "minimum": 0, "maximum": longest],
        "duration": ["type": "number", "exclusiveMinimum": 0, "maximum": longest],
        "finished": ["type": "boolean"], "at": ["type": "integer", "minimum": 0],
        "feed": ["type": "string", "maxLength": 512], "guid": ["type": "string", "maxLength": 512],
      ], required: ["position"]),
  ]
}
