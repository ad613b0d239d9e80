/// The library: tracks, audio by ID, uploads, rescans.
extension APIOperation {
  static let audio: JSONValue = [
    "description": "The file's bytes (`audio/mpeg`, `audio/flac`, …); `ETag`, `Accept-Ranges: bytes`, immutable",
    "content": ["audio/*": ["schema": ["type": "string", "format": "binary"]]],
  ]

  static let library: [APIOperation] = [
    APIOperation(
      .get, .library, "Every track, in album, disc and track order", access: .permission(.listen),
      query: QueryParameters.page,
      answers: [
        200: Answer.json(
          Schema.array(Schema.ref("Track")),
          links: [
            Answer.Link(
              parameter: "trackId", expression: "$response.body#/0/id",
              operations: [(.get, .track), (.get, .trackLyrics)]),
            Answer.Link(parameter: "id", expression: "$response.body#/0/coverId", operations: [(.get, .cover)]),
          ]
        ).merging(["headers": ["X-Total-Count": ["schema": ["type": "integer"], "description": "with a page"]]])
      ],
      notes: """
        `limit` and `offset` (additive) answer one page of the same list, the whole list's length in \
        `X-Total-Count`; without them, every track.
        """),
    APIOperation(
      .get, .track, "A track's audio, by ID only", access: .permission(.listen),
      answers: [
        200: audio, 206: audio.merging(["description": "One range of the file (`Range: bytes=…`)"]),
        304: ["description": "Not modified (`If-None-Match`)"],
      ],
      errors: [404, 416],
      notes: """
        One range per request (several: 416). `If-Range` is honoured. A downloaded podcast episode \
        is a track by its `trackId`, a book's file by `<book id>:<file index>` (its `trackId`): rooms \
        queue both like tracks.
        """),
    APIOperation(
      .get, .trackPiece, "A piece of a track, decoded", access: .permission(.listen),
      query: QueryParameters.piece,
      answers: [
        200: [
          "description": "The piece, stereo, at `rate`: FLAC, or with `fast=1` 32-bit float WAV where it can",
          "content": [
            "audio/flac": ["schema": ["type": "string", "format": "binary"]],
            "audio/wav": ["schema": ["type": "string", "format": "binary"]],
          ],
        ]
      ],
      errors: [404, 416, 422, 503],
      notes: """
        Additive. `frames` frames from frame `start`, counted at `rate` (a player's own rate, so \
        nothing is resampled twice); fewer where the track ends, 416 from its end on. Pieces asked \
        end to end join frame for frame, so a page plays a long track on Web Audio a piece at a \
        time. `fast=1` (a join's first piece): decoded in the server's own process, without \
        starting ffmpeg, as uncompressed WAV — for FLAC, MP3, Opus, Vorbis and WAV files; others \
        come as FLAC. 422: the file cannot be decoded; 503: the server has no ffmpeg.
        """),
    APIOperation(
      .post, .libraryScan, "Rescan now", access: .permission(.administer), body: .ignoredJSON,
      answers: [200: Answer.json(Schema.ref("ScanSummary"))], errors: [409],
      notes: """
        Additive. Progress arrives as `scan_progress` on every socket. One scanner at a time among \
        the nodes sharing a database: 409 while another node scans.
        """),
    APIOperation(
      .post, .upload, "Upload audio files", access: .permission(.upload),
      body: .multipart(Schema.ref("UploadForm")), answers: [200: Answer.json(Schema.ref("UploadResponse"))],
      notes: """
        Files in the field `file` (several allowed); all are checked before any is kept (415 when one \
        is not audio). Bytes the library has are answered as `duplicates`. The permission is checked \
        before the body is read; larger than --max-upload-mb is 413.
        """),
  ]
}
