import BlastoiseCore
import BlastoiseProtocol

/// Bookmarks and playback rates per person (additive). Guests get 403: they keep none.
extension APIOperation {
  static let oneBookmark = Schema.ref("Bookmark")
  static let bookmarkNotes =
    progressNotes + " A person sees and changes only their own bookmarks; a note is at most 500 characters."

  static let bookmarks: [APIOperation] = [
    APIOperation(
      .get, .bookmarks, "The caller's bookmarks in an episode or book, by position", access: .permission(.listen),
      answers: [200: Answer.json(Schema.ref("BookmarkList"))], notes: bookmarkNotes),
    APIOperation(
      .post, .bookmarks, "Bookmark a place in an episode or book, with a note", access: .permission(.listen),
      body: .json(Schema.ref("NewBookmark")),
      answers: [
        201: Answer.json(
          oneBookmark,
          links: [
            Answer.Link(
              parameters: [
                "kind": "$response.body#/kind", "id": "$response.body#/item", "bookmarkId": "$response.body#/id",
              ],
              operations: [(.patch, .bookmark), (.delete, .bookmark)])
          ])
      ], notes: bookmarkNotes),
    APIOperation(
      .patch, .bookmark, "Change a bookmark's note", access: .permission(.listen),
      body: .json(Schema.ref("BookmarkNote")), answers: [200: Answer.json(oneBookmark)], errors: [404],
      notes: bookmarkNotes),
    APIOperation(
      .delete, .bookmark, "Remove a bookmark", access: .permission(.listen), body: .ignoredJSON,
      answers: [200: Answer.json(Schema.ref("Success"))], errors: [404], notes: bookmarkNotes),
    APIOperation(
      .get, .rates, "Every playback rate the caller chose for a book or podcast", access: .permission(.listen),
      answers: [200: Answer.json(Schema.ref("RateList"))], notes: "Additive. Guests get 403."),
    APIOperation(
      .put, .rate, "Keep the playback rate for a book or podcast", access: .permission(.listen),
      body: .json(Schema.ref("RateChoice")), answers: [200: Answer.json(Schema.ref("ListeningRate"))],
      notes:
        "Additive. `kind` is `books` (`show`: the book's ID) or `episodes` (`show`: the podcast's feed URL, "
        + "percent-encoded as one segment), else 400. The rate is 0.5 to 3 (pitch kept). Guests get 403."),
  ]
}

/// The shapes of bookmarks and playback rates (additive).
enum BookmarkSchemas {
  static let kind = Schema.oneOf(ProgressKind.allCases.map(\.rawValue))
  static let note: JSONValue = ["type": "string", "maxLength": .integer(ListeningRule.longestNote)]
  static let position: JSONValue = ["type": "number", "minimum": 0, "maximum": ProgressSchemas.longest]
  static let rate: JSONValue = ["type": "number", "minimum": 0.5, "maximum": 3]

  static let all: [String: JSONValue] = [
    "Bookmark": Schema.additive(
      Schema.object(
        [
          "id": Schema.string, "kind": kind, "item": Schema.string, "position": ProgressSchemas.seconds,
          "note": Schema.string, "createdAt": Schema.milliseconds,
        ], required: ["id", "kind", "item", "position", "note", "createdAt"])),
    "BookmarkList": Schema.additive(
      Schema.object(["bookmarks": Schema.array(Schema.ref("Bookmark"))], required: ["bookmarks"])),
    "NewBookmark": Schema.strictObject(["position": position, "note": note], required: ["position"]),
    "BookmarkNote": Schema.strictObject(["note": note], required: ["note"]),
    "ListeningRate": Schema.additive(
      Schema.object(["kind": kind, "show": Schema.string, "rate": rate], required: ["kind", "show", "rate"])),
    "RateList": Schema.additive(
      Schema.object(["rates": Schema.array(Schema.ref("ListeningRate"))], required: ["rates"])),
    "RateChoice": Schema.strictObject(["rate": rate], required: ["rate"]),
  ]
}
