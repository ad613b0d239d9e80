/// `/api/fetch…`: URL import through yt-dlp (docs/url-import.md). 403 when the server was
/// started without `--ytdlp` (and for guests), 503 when yt-dlp cannot run.
extension APIOperation {
  static let imports: [APIOperation] = [
    APIOperation(
      .post, .imports, "Look at a URL: queue one download, or list a playlist", access: .permission(.importURL),
      body: .json(Schema.ref("FetchRequest")),
      answers: [
        200: Answer.json(["oneOf": [Schema.ref("FetchSingleResponse"), Schema.ref("FetchPlaylistResponse")]])
      ],
      errors: [429, 502, 503, 504], notes: "Private and local addresses are refused (400)."),
    APIOperation(
      .post, .importConfirm, "Import a listed playlist into a new playlist", access: .permission(.importURL),
      body: .json(Schema.ref("FetchConfirmRequest")), answers: [200: Answer.json(Schema.ref("FetchConfirmResponse"))],
      errors: [429, 503]),
    APIOperation(
      .get, .imports, "The caller's import jobs (an admin's: everyone's), oldest first",
      access: .permission(.importURL), answers: [200: Answer.json(Schema.array(Schema.ref("FetchJobInfo")))],
      errors: [503]),
    APIOperation(
      .delete, .importJob, "Cancel a job", access: .permission(.importURL), body: .ignoredJSON,
      answers: [200: Answer.json(Schema.ref("FetchJobInfo"), "The job after cancelling")], errors: [404, 409, 503],
      notes: "A running download is killed and its files deleted before the answer; a finished job is 409."),
    APIOperation(
      .delete, .imports, "Forget finished jobs", access: .permission(.importURL), body: .ignoredJSON,
      answers: [200: Answer.json(Schema.ref("SuccessCount"))], errors: [503]),
  ]
}
