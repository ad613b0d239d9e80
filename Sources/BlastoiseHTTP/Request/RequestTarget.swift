/// The request target split into decoded path segments and query parameters.
///
/// Segments are decoded one by one after splitting on `/`, so an escaped slash (`%2F`) stays
/// inside its segment and a `:trackId` like `sha256:…` arrives whole.
public struct RequestTarget: Sendable, Equatable {
  public let path: String
  public let segments: [String]
  public let query: [String: String]

  public init(parsing raw: String) throws(HTTPError) {
    let target = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let rawPath = parts[0]
    guard rawPath.first == "/" else { throw HTTPError(.badRequest, "Request target must start with /") }
    do {
      segments = try rawPath.split(separator: "/", omittingEmptySubsequences: true).map {
        try PercentDecoding.decode($0)
      }
      var query: [String: String] = [:]
      if parts.count == 2 {
        for pair in parts[1].split(separator: "&") where !pair.isEmpty {
          let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
          let key = try PercentDecoding.decode(keyValue[0], plusIsSpace: true)
          let value = keyValue.count == 2 ? try PercentDecoding.decode(keyValue[1], plusIsSpace: true) : ""
          if query[key] == nil { query[key] = value }
        }
      }
      self.query = query
    } catch {
      throw HTTPError(.badRequest, "Malformed percent-encoding in request target")
    }
    path = String(rawPath)
  }
}
