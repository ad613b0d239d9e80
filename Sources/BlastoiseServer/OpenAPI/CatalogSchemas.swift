/// The catalog's shapes (all additive): albums, artists, genres, pages of them, search results.
/// Fields without a value are left out, so only those always sent are required.
enum CatalogSchemas {
  static let all: [String: JSONValue] = [
    "Album": album, "AlbumDetail": albumDetail, "AlbumPage": page(of: "Album"), "Artist": artist,
    "ArtistDetail": artistDetail, "ArtistPage": page(of: "Artist"), "Genre": genre, "GenrePage": page(of: "Genre"),
    "SearchResults": searchResults, "TrackLyrics": lyrics,
  ]

  static let count: JSONValue = ["type": "integer", "minimum": 0]

  static let album = Schema.additive(
    Schema.object(
      [
        "id": Schema.string, "name": Schema.string,
        "artist": ["type": "string", "description": "\"Various Artists\" for compilations; absent when unknown"],
        "artistId": Schema.string, "year": Schema.integer, "genres": Schema.array(Schema.string),
        "trackCount": count, "discCount": ["type": "integer", "minimum": 1],
        "duration": ["type": "number", "description": "seconds"], "compilation": Schema.boolean,
        "musicBrainzId": Schema.string, "addedAt": Schema.milliseconds, "coverId": WireSchemas.coverID,
      ].merging(AnnotationSchemas.fields) { own, _ in own },
      required: ["id", "name", "genres", "trackCount", "discCount", "duration", "compilation", "addedAt"]))

  static let albumDetail = Schema.additive(
    Schema.object(
      ["album": Schema.ref("Album"), "tracks": Schema.array(Schema.ref("Track"))], required: ["album", "tracks"]))

  static let artist = Schema.additive(
    Schema.object(
      [
        "id": Schema.string, "name": Schema.string, "albumCount": count, "trackCount": count,
        "musicBrainzId": Schema.string, "addedAt": Schema.milliseconds,
      ].merging(AnnotationSchemas.fields) { own, _ in own },
      required: ["id", "name", "albumCount", "trackCount", "addedAt"]))

  static let artistDetail = Schema.additive(
    Schema.object(
      [
        "artist": Schema.ref("Artist"), "albums": Schema.array(Schema.ref("Album")),
        "appearsOn": Schema.array(Schema.ref("Album")),
      ],
      required: ["artist", "albums", "appearsOn"]))

  static let genre = Schema.additive(
    Schema.object(
      ["id": Schema.string, "name": Schema.string, "albumCount": count, "trackCount": count],
      required: ["id", "name", "albumCount", "trackCount"]))

  static func page(of item: String) -> JSONValue {
    Schema.additive(
      Schema.object(
        [
          "items": Schema.array(Schema.ref(item)), "total": count, "offset": count, "limit": count,
          "seed": ["type": "integer", "description": "the seed of a random order: send it back for the next page"],
        ],
        required: ["items", "total", "offset", "limit"]))
  }

  static let searchResults = Schema.additive(
    Schema.object(
      [
        "artists": Schema.array(Schema.ref("Artist")), "albums": Schema.array(Schema.ref("Album")),
        "tracks": Schema.array(Schema.ref("Track")),
      ],
      required: ["artists", "albums", "tracks"]))

  static let lyrics = Schema.additive(Schema.object(["lyrics": Schema.string], required: ["lyrics"]))

  /// Track fields the catalog adds, each left out when absent.
  static let trackFields: [String: JSONValue] = [
    "albumArtist": Schema.additive(Schema.string), "albumId": Schema.additive(Schema.string),
    "artistId": Schema.additive(Schema.string), "trackNumber": Schema.additive(count),
    "trackTotal": Schema.additive(count), "discNumber": Schema.additive(count), "discTotal": Schema.additive(count),
    "year": Schema.additive(Schema.integer), "genres": Schema.additive(Schema.array(Schema.string)),
    "composer": Schema.additive(Schema.string), "compilation": Schema.additive(["const": true]),
    "musicBrainz": Schema.additive(
      Schema.object(
        [
          "trackId": Schema.string, "albumId": Schema.string, "artistId": Schema.string,
          "albumArtistId": Schema.string,
        ], required: [])),
    "hasLyrics": Schema.additive(["const": true]),
    "size": Schema.additive(Schema.integer), "bitRate": Schema.additive(count),
    "albumGainDb": Schema.additive(Schema.number), "albumPeak": Schema.additive(Schema.number),
  ]
}
