import BlastoiseCore

/// Podcasts (additive): the caller's subscriptions (the same list the gPodder API syncs), feeds
/// fetched by the server, episodes with the caller's progress.
extension APIOperation {
  static let podcastNotes = "Additive. Guests get 403: they keep no subscriptions."
  static let onePodcast = Answer.json(Schema.ref("Podcast"))

  static let podcasts: [APIOperation] = [
    APIOperation(
      .get, .podcastsOPML, "The caller's podcasts as OPML", access: .permission(.listen),
      answers: [200: ["description": "OPML 2.0", "content": ["text/x-opml": ["schema": Schema.string]]]],
      notes: podcastNotes),
    APIOperation(
      .post, .podcastsOPML, "Subscribe to an OPML document's feeds", access: .permission(.listen),
      body: .json(Schema.ref("PodcastOPMLImport")), answers: [200: Answer.json(Schema.ref("PodcastOPMLResult"))],
      notes: podcastNotes
        + " The feeds are fetched in the background (GET /api/podcasts shows each once `lastCheckedAt` is set)."
        + " Entries that are not http(s) URLs are listed in `refused`; 400 when the text is not OPML."),
    APIOperation(
      .get, .podcasts, "The caller's podcasts, by title", access: .permission(.listen),
      answers: [
        200: Answer.json(
          Schema.ref("PodcastList"), linking: "id", from: "$response.body#/podcasts/0/id",
          to: [(.get, .podcastEpisodes), (.post, .podcastRefresh), (.patch, .podcast), (.delete, .podcast)])
      ], notes: podcastNotes),
    APIOperation(
      .post, .podcasts, "Subscribe to a feed", access: .permission(.listen),
      body: .json(Schema.ref("PodcastSubscribeRequest")),
      answers: [201: onePodcast, 200: Answer.json(Schema.ref("Podcast"), "Already subscribed")],
      errors: [409],
      notes: podcastNotes
        + " A feed nobody has yet is fetched first: 400 (with the reason) when the URL is not http(s), its host is a"
        + " private or local address, the fetch fails, or the answer is not an RSS or Atom feed."),
    APIOperation(
      .delete, .podcast, "Unsubscribe", access: .permission(.listen), body: .ignoredJSON,
      answers: [204: ["description": "Unsubscribed"]], errors: [404],
      notes: podcastNotes + " 404 when the caller does not subscribe to it. gPodder clients see the removal."),
    APIOperation(
      .patch, .podcast, "Set how many of the newest episodes the server keeps downloaded",
      access: .permission(.listen), body: .json(Schema.ref("PodcastSettings")),
      answers: [200: Answer.json(Schema.ref("PodcastSettings"))], errors: [404],
      notes: podcastNotes
        + " For the podcast's subscribers and admins (404 for anyone else). Older downloads go, unless someone"
        + " is in the middle of one or asked for it in the last 30 days and has not finished it."
        + " `refreshMinutes` (additive) sets how often the feed is fetched; the next fetch moves to that long after the"
        + " last."),
    APIOperation(
      .post, .podcastEpisodeDownload, "Download an episode to the server", access: .permission(.listen),
      body: .ignoredJSON, answers: [202: ["description": "Queued; the episode list shows its `download` state"]],
      errors: [404],
      notes: podcastNotes
        + " 404 when the caller does not subscribe to the podcast or it has no such episode. Once done, the"
        + " episode's `streamUrl` serves the file (with Range) from GET /api/tracks/:trackId."),
    APIOperation(
      .get, .podcastEpisodeChapters, "An episode's chapters, from its Podcasting 2.0 chapters file",
      access: .permission(.listen), answers: [200: Answer.json(Schema.ref("EpisodeChapters"))], errors: [404, 503],
      notes: podcastNotes
        + " The server fetches the file the feed names (`chaptersURL`) and keeps it a day; chapters left out of the"
        + " table of contents (`toc: false`) are left out. An empty list when the episode names none; 503 when the"
        + " file cannot be fetched or read."),
    APIOperation(
      .get, .podcastEpisodes, "A podcast's episodes, newest first, with the caller's progress",
      access: .permission(.listen), query: QueryParameters.page,
      answers: [200: Answer.json(Schema.ref("PodcastEpisodePage"))], errors: [404],
      notes: podcastNotes + " 50 a page without `limit`. 404 when the caller does not subscribe to it."),
    APIOperation(
      .post, .podcastRefresh, "Fetch a podcast's feed now", access: .permission(.listen), body: .ignoredJSON,
      answers: [200: onePodcast], errors: [404],
      notes: podcastNotes
        + " A failed fetch is not an error of this call: the answer's `lastError` and `failures` say it."),
  ]
}

/// The shapes of podcasts (additive).
enum PodcastSchemas {
  static let count: JSONValue = ["type": "integer", "minimum": 0]
  static let keepLatest: JSONValue = ["type": "integer", "minimum": 0, "maximum": 50]
  static let refreshMinutes: JSONValue = [
    "type": "integer", "minimum": .integer(PodcastSchedule.refreshMinutes.lowerBound),
    "maximum": .integer(PodcastSchedule.refreshMinutes.upperBound),
  ]

  static let all: [String: JSONValue] = [
    "Podcast": Schema.additive(
      Schema.object(
        [
          "id": Schema.string, "url": Schema.string, "title": Schema.string, "author": Schema.string,
          "description": Schema.string, "imageURL": Schema.string, "link": Schema.string,
          "lastCheckedAt": Schema.milliseconds, "lastError": Schema.string, "failures": count,
          "nextCheckAt": Schema.milliseconds, "episodeCount": count, "unplayedCount": count,
          "keepLatest": keepLatest, "refreshMinutes": refreshMinutes, "coverId": Schema.string,
        ], required: ["id", "url", "failures", "nextCheckAt", "episodeCount", "unplayedCount"])),
    "PodcastList": Schema.additive(
      Schema.object(["podcasts": Schema.array(Schema.ref("Podcast"))], required: ["podcasts"])),
    "PodcastEpisode": Schema.additive(
      Schema.object(
        [
          "guid": Schema.string, "title": Schema.string, "publishedAt": Schema.milliseconds,
          "duration": ProgressSchemas.seconds, "url": Schema.string, "type": Schema.string, "length": Schema.integer,
          "description": Schema.string, "chaptersURL": Schema.string, "imageURL": Schema.string,
          "progress": Schema.ref("ListeningProgress"),
          "download": ["type": "string", "enum": ["queued", "downloading", "done", "failed"]],
          "downloadError": Schema.string,
          "trackId": ["type": "string", "pattern": "^sha256:[0-9a-f]{64}$"], "streamUrl": Schema.string,
        ], required: ["guid", "url"])),
    "PodcastSettings": Schema.strictObject(
      [
        "keepLatest": keepLatest,
        "refreshMinutes": [
          "type": "integer", "minimum": 0, "maximum": .integer(PodcastSchedule.refreshMinutes.upperBound),
          "description": "Minutes from 5 to a week between fetches of the feed; 0: the server's default",
        ],
      ]
    ).merging(["minProperties": 1]),
    "PodcastEpisodePage": CatalogSchemas.page(of: "PodcastEpisode"),
    "EpisodeChapters": Schema.additive(
      Schema.object(["chapters": Schema.array(Schema.ref("BookChapter"))], required: ["chapters"])),
    "PodcastSubscribeRequest": Schema.strictObject(
      ["url": ["type": "string", "minLength": 1, "maxLength": 2048]], required: ["url"]),
    "PodcastOPMLImport": Schema.strictObject(["opml": Schema.string], required: ["opml"]),
    "PodcastOPMLResult": Schema.additive(
      Schema.object(
        ["added": count, "alreadySubscribed": count, "refused": Schema.array(Schema.string)],
        required: ["added", "alreadySubscribed", "refused"])),
  ]
}
