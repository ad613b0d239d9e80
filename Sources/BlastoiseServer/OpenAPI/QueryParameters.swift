import BlastoiseProtocol

/// The query parameters of the list and search routes (`ListQuery`, `SearchQuery`).
enum QueryParameters {
  typealias Parameter = APIOperation.QueryParameter

  static func parameter(_ name: String, _ schema: JSONValue, _ description: String, required: Bool = false)
    -> Parameter
  {
    Parameter(name: name, schema: schema, description: description, required: required)
  }

  static let limit = parameter(
    "limit", ["type": "integer", "minimum": 1, "maximum": .integer(PageQuery.maximumLimit)],
    "How many items (default \(ListQuery.defaultLimit))")
  static let offset = parameter(
    "offset", ["type": "integer", "minimum": 0, "maximum": .integer(Int(Int32.max))], "How many items to skip")
  static let seed = parameter(
    "seed", ["type": "integer", "minimum": 0, "maximum": .integer(Int(UInt32.max))],
    "With sort=random: the order's seed, as the first page answered it")

  static func sort(_ sorts: [CatalogSort]) -> Parameter {
    parameter(
      "sort", Schema.oneOf(sorts.map(\.rawValue)),
      "The order (default name); `played`: most played by the caller first, then by name (a guest has no plays)")
  }

  static let albumList = [
    sort(CatalogSort.allCases), limit, offset, seed,
    parameter(
      "genre", ["type": "string", "minLength": 1, "maxLength": 64], "Only albums with a track of this genre (its ID)"),
  ]
  static let artistList = [sort([.name, .added, .random, .played]), limit, offset, seed]
  static let page = [limit, offset]
  static let recentLimit = parameter(
    "limit", ["type": "integer", "minimum": 1, "maximum": .integer(PageQuery.maximumLimit)],
    "How many of each kind (default \(AnnotationRoutes.recentDefault))")
  static let progressLimit = parameter(
    "limit", ["type": "integer", "minimum": 1, "maximum": .integer(PageQuery.maximumLimit)],
    "How many (default \(ProgressRoutes.listDefault))")
  static let piece = [
    parameter(
      "rate",
      [
        "type": "integer", "minimum": .integer(PieceQuery.rates.lowerBound),
        "maximum": .integer(PieceQuery.rates.upperBound),
      ],
      "The sample rate to decode at (the player's)", required: true),
    parameter(
      "start", ["type": "integer", "minimum": 0], "The piece's first frame, counted at `rate` (default 0)"),
    parameter(
      "frames", ["type": "integer", "minimum": 1],
      "How many frames, at most \(PieceQuery.maximumSeconds) s of them", required: true),
    parameter(
      "fast", ["type": "string", "enum": ["0", "1"]],
      "1: soon rather than small — WAV decoded in the server's process where it can (a join's first piece)"),
  ]
  static let search = [
    parameter(
      "q", ["type": "string", "minLength": 1, "maxLength": 200],
      "Words; each matches the start of a word, case and accents ignored", required: true),
    parameter(
      "limit", ["type": "integer", "minimum": 1, "maximum": .integer(SearchQuery.maximumLimit)],
      "How many of each kind (default \(SearchQuery.defaultLimit))"),
  ]
}
