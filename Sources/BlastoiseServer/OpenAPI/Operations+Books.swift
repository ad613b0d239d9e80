import BlastoiseCore

/// Audiobooks (additive): the books under `--audiobooks-dir`, their files and chapters.
extension APIOperation {
  static let books: [APIOperation] = [
    APIOperation(
      .get, .books, "Every audiobook, by title, with the caller's progress", access: .permission(.listen),
      answers: [200: Answer.json(Schema.ref("BookList"))],
      notes: "Additive. Without files and chapters (`chapterCount` says how many). Guests see no progress."),
    APIOperation(
      .get, .book, "One audiobook: its files in playing order and its chapters", access: .permission(.listen),
      answers: [200: Answer.json(Schema.ref("Book"))], errors: [404],
      notes: """
        Additive. One timeline in seconds: each file says where it starts, chapters cover the whole \
        book (the files' own chapters, else one per file). Progress is kept at /api/progress/books/{id}.
        """),
    APIOperation(
      .get, .bookFile, "A book file's audio, by the book's ID and the file's index", access: .permission(.listen),
      answers: [200: audio, 206: audio.merging(["description": "One range of the file (`Range: bytes=…`)"])],
      errors: [404, 416], notes: "Additive. One range per request."),
    APIOperation(
      .post, .booksScan, "Rescan the audiobooks directory now", access: .permission(.administer),
      body: .ignoredJSON, answers: [200: Answer.json(Schema.ref("BookScanSummary"))],
      notes: "Additive. Files that could not be read are listed in `skipped`, by their path under the directory."),
  ]
}

/// The shapes of audiobooks (additive).
enum BookSchemas {
  static let seconds = ProgressSchemas.seconds

  static let all: [String: JSONValue] = [
    "Book": Schema.additive(
      Schema.object(
        [
          "id": Schema.string, "title": Schema.string, "author": Schema.string, "narrator": Schema.string,
          "duration": seconds, "coverId": Schema.string, "addedAt": Schema.milliseconds,
          "files": Schema.array(Schema.ref("BookFile")),
          "chapters": Schema.array(Schema.ref("BookChapter")), "chapterCount": ["type": "integer", "minimum": 0],
          "progress": Schema.ref("ListeningProgress"), "series": Schema.string, "seriesSequence": Schema.string,
        ], required: ["id", "title", "duration", "addedAt", "chapterCount"])),
    "BookFile": Schema.additive(
      Schema.object(
        [
          "index": ["type": "integer", "minimum": 0], "duration": seconds, "start": seconds,
          "contentType": Schema.string, "trackId": Schema.string,
        ],
        required: ["index", "duration", "start", "contentType"])),
    "BookChapter": Schema.additive(
      Schema.object(
        ["title": Schema.string, "start": seconds, "end": seconds, "trackId": Schema.string],
        required: ["title", "start", "end"])),
    "BookList": Schema.additive(Schema.object(["books": Schema.array(Schema.ref("Book"))], required: ["books"])),
    "BookScanSummary": Schema.additive(
      Schema.object(
        [
          "books": ["type": "integer", "minimum": 0], "added": ["type": "integer", "minimum": 0],
          "removed": ["type": "integer", "minimum": 0], "skipped": Schema.array(Schema.string),
        ], required: ["books", "added", "removed", "skipped"])),
  ]
}
