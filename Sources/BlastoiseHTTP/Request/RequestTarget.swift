/// The request target split into decoded path segments and query parameters.
///
/// Segments are decoded one by one after splitting on `/`, so an escaped slash (`%2F`) stays
/// inside its segment and a `:trackId` like `sha256:…` arrives whole.
public struct RequestTarget: Sendable, Equatable {
  public static func == (left: RequestTarget, right: RequestTarget) -> Bool {
    left.path == right.path && left.segments == right.segments && left.query == right.query
      && left.queryPairs.map(\.name) == right.queryPairs.map(\.name)
      && left.queryPairs.map(\.value) == right.queryPairs.map(\.value)
  }

  public let path: String
  public let segments: [String]
  /// The first value of each query parameter.
  public let query: [String: String]
  /// Every query parameter in order, a repeated name each time (`id=1&id=2`).
  public let queryPairs: [(name: String, value: String)]

  public init(parsing raw: String) throws(HTTPError) {
    let target = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let rawPath = parts[0]
    guard rawPath.first == "/" else { throw HTTPError(.badRequest, "Request target must start with /") }
    do {
      segments = try rawPath.split(separator: "/", omittingEmptySubsequences: true).map {
        try PercentDecoding.decode($0)
      }
    } catch {
      throw HTTPError(.badRequest, "Malformed percent-encoding in request target")
    }
    do {
      queryPairs = parts.count == 2 ? try FormEncoding.pairs(parts[1]) : []
    } catch {
      throw HTTPError(.badRequest, "Malformed percent-encoding in request target")
    }
    var query: [String: String] = [:]
    for (name, value) in queryPairs where query[name] == nil { query[name] = value }
    self.query = query
    path = String(rawPath)
  }
}
