/// How the catalog's lists may be ordered (`sort=`). `played` is most played first by the
/// asker's own plays (a guest keeps none: by name).
public enum CatalogSort: String, CaseIterable, Sendable {
  case name, artist, year, added, random, played
}

/// A query value the server refuses (answered 400 with `message`).
public struct InvalidQuery: Error, Sendable, Equatable {
  public let message: String
}

/// `limit` and `offset`: which part of a list. Without a limit, everything from `offset`.
public struct PageQuery: Sendable, Equatable {
  public static let maximumLimit = 500

  public var limit: Int?
  public var offset: Int

  public init(limit: Int? = nil, offset: Int = 0) {
    self.limit = limit
    self.offset = offset
  }

  public init(parameters: [String: String]) throws(InvalidQuery) {
    limit = try Self.integer(parameters, "limit", in: 1...Self.maximumLimit)
    offset = try Self.integer(parameters, "offset", in: 0...Int(Int32.max)) ?? 0
  }

  public var parameters: [(String, String)] {
    (limit.map { [("limit", String($0))] } ?? []) + (offset > 0 ? [("offset", String(offset))] : [])
  }

  static func integer(_ parameters: [String: String], _ name: String, in range: ClosedRange<Int>) throws(InvalidQuery)
    -> Int?
  {
    guard let text = parameters[name] else { return nil }
    guard let value = Int(text), range.contains(value) else {
      throw InvalidQuery(message: "'\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }
}

/// The query of `GET /api/albums`, `/api/artists` and `/api/genres`: `sort`, `limit`, `offset`,
/// `seed` (of a random order) and `genre` (a genre ID, albums only).
public struct ListQuery: Sendable, Equatable {
  public static let defaultLimit = 50

  public var page: PageQuery
  public var sort: CatalogSort?
  public var seed: UInt32?
  public var genre: String?

  public init(page: PageQuery = PageQuery(), sort: CatalogSort? = nil, seed: UInt32? = nil, genre: String? = nil) {
    self.page = page
    self.sort = sort
    self.seed = seed
    self.genre = genre
  }

  public init(parameters: [String: String]) throws(InvalidQuery) {
    page = try PageQuery(parameters: parameters)
    if let text = parameters["sort"] {
      guard let sort = CatalogSort(rawValue: text) else {
        throw InvalidQuery(message: "'sort' is one of " + CatalogSort.allCases.map(\.rawValue).joined(separator: ", "))
      }
      self.sort = sort
    }
    if let text = parameters["seed"] {
      guard let seed = UInt32(text) else { throw InvalidQuery(message: "'seed' must be a number from 0 to 4294967295") }
      self.seed = seed
    }
    if let genre = parameters["genre"] {
      guard (1...64).contains(genre.utf8.count) else { throw InvalidQuery(message: "'genre' must be a genre ID") }
      self.genre = genre
    }
  }

  /// The page asked for, or the first `defaultLimit` items.
  public var limit: Int { page.limit ?? Self.defaultLimit }

  public var parameters: [(String, String)] {
    var all = page.parameters
    if let sort { all.append(("sort", sort.rawValue)) }
    if let seed { all.append(("seed", String(seed))) }
    if let genre { all.append(("genre", genre)) }
    return all
  }
}

/// The query of `GET /api/search`: `q` (1–200 characters) and `limit` (per kind, 1–100).
public struct SearchQuery: Sendable, Equatable {
  public static let defaultLimit = 20
  public static let maximumLimit = 100

  public var text: String
  public var limit: Int

  public init(text: String, limit: Int = SearchQuery.defaultLimit) {
    self.text = text
    self.limit = limit
  }

  public init(parameters: [String: String]) throws(InvalidQuery) {
    guard let text = parameters["q"], (1...200).contains(text.count) else {
      throw InvalidQuery(message: "'q' must be 1 to 200 characters")
    }
    self.text = text
    limit = try PageQuery.integer(parameters, "limit", in: 1...Self.maximumLimit) ?? Self.defaultLimit
  }

  public var parameters: [(String, String)] { [("q", text), ("limit", String(limit))] }
}
