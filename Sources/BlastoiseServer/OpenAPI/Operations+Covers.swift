import BlastoiseProtocol

/// Covers by ID (`Track.coverId`), resized.
extension APIOperation {
  static let covers: [APIOperation] = [
    APIOperation(
      .get, .cover, "A cover, resized", access: .permission(.listen),
      query: [
        QueryParameter(
          name: "size", schema: Schema.oneOf(CoverSize.allCases.map(\.rawValue)),
          description: "a square the picture is shrunk to fit (never enlarged), or the stored picture; default original"
        ),
        QueryParameter(
          name: "format", schema: Schema.oneOf(CoverFormat.allCases.map(\.rawValue)),
          description: "default: webp when Accept names image/webp, else jpeg; the original keeps its own"),
      ],
      answers: [
        200: [
          "description": "The picture; `ETag`, `Cache-Control: public, max-age=31536000, immutable`",
          "content": .object(
            Dictionary(
              uniqueKeysWithValues: ["image/jpeg", "image/png", "image/webp"].map {
                ($0, ["schema": ["type": "string", "format": "binary"]] as JSONValue)
              })),
        ],
        206: ["description": "One range of the picture (`Range: bytes=…`)"],
        304: ["description": "Not modified (`If-None-Match`)"],
      ],
      errors: [404, 416],
      notes: """
        Additive. 400 for a size or format not listed; 404 for an ID no cover has (or a picture that \
        cannot be decoded). A format chosen by `Accept` answers with `Vary: Accept`.
        """)
  ]
}
