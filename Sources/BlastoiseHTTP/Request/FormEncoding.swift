/// `application/x-www-form-urlencoded` text (a query, or a form body) as its name–value pairs
/// in order, a repeated name kept each time; `+` is a space.
public enum FormEncoding {
  public static func pairs(_ text: Substring) throws(HTTPError) -> [(name: String, value: String)] {
    do {
      return try text.split(separator: "&").filter { !$0.isEmpty }.map { pair throws(PercentDecoding.Invalid) in
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = try PercentDecoding.decode(parts[0], plusIsSpace: true)
        return (name, parts.count == 2 ? try PercentDecoding.decode(parts[1], plusIsSpace: true) : "")
      }
    } catch {
      throw HTTPError(.badRequest, "Malformed percent-encoding in the form")
    }
  }
}
