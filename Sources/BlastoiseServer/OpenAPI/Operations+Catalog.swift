/// The catalog (additive): albums, artists, genres and search, derived from the tags at scan.
/// Lists are pages (`limit`, `offset`, `total`).
extension APIOperation {
  static let catalog: [APIOperation] = [
    APIOperation(
      .get, .albums, "Albums, a page at a time", access: .permission(.listen), query: QueryParameters.albumList,
      answers: [
        200: Answer.json(
          Schema.ref("AlbumPage"), linking: "id", from: "$response.body#/items/0/id", to: [(.get, .album)])
      ],
      notes:
        "Additive. `sort=played`: the caller's most played first. A signed-in person sees their annotation on each item."
    ),
    APIOperation(
      .get, .album, "An album and its tracks in disc and track order", access: .permission(.listen),
      answers: [200: Answer.json(Schema.ref("AlbumDetail"))], errors: [404],
      notes: "Additive. A signed-in person sees their annotations (`favourite`, `rating`, `playCount`, `playedAt`)."),
    APIOperation(
      .get, .artists, "Artists, a page at a time", access: .permission(.listen),
      query: QueryParameters.artistList,
      answers: [
        200: Answer.json(
          Schema.ref("ArtistPage"), linking: "id", from: "$response.body#/items/0/id", to: [(.get, .artist)])
      ],
      notes:
        "Additive. `sort=played`: the caller's most played first. A signed-in person sees their annotation on each item."
    ),
    APIOperation(
      .get, .artist, "An artist, its albums and the albums it appears on",
      access: .permission(.listen), answers: [200: Answer.json(Schema.ref("ArtistDetail"))], errors: [404],
      notes: "Additive."),
    APIOperation(
      .get, .genres, "Genres by name, a page at a time", access: .permission(.listen),
      query: QueryParameters.page, answers: [200: Answer.json(Schema.ref("GenrePage"))], notes: "Additive."),
    APIOperation(
      .get, .search, "Artists, albums and tracks matching words, best first", access: .permission(.listen),
      query: QueryParameters.search, answers: [200: Answer.json(Schema.ref("SearchResults"))],
      notes: #"Additive. Case and accents are ignored ("hljod" finds "Hljóð")."#),
    APIOperation(
      .get, .trackLyrics, "A track's embedded lyrics", access: .permission(.listen),
      answers: [200: Answer.json(Schema.ref("TrackLyrics"))], errors: [404],
      notes: "Additive. 404 when the track has none (`hasLyrics` is left out)."),
  ]
}
