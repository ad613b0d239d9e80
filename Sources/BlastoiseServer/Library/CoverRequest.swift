import BlastoiseHTTP
import BlastoiseProtocol

/// What a `GET /api/covers/:id` asks for: `?size=` (default `original`) and `?format=`, or, without
/// one, WebP when `Accept` names it (then the answer varies by `Accept`), else JPEG.
struct CoverRequest: Sendable, Equatable {
  let size: CoverSize
  let format: CoverFormat
  let negotiated: Bool

  init(query: [String: String], accept: String?) throws(HTTPError) {
    guard let size = CoverSize(rawValue: query["size"] ?? CoverSize.original.rawValue) else {
      throw HTTPError(.badRequest, "size must be one of \(CoverSize.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    self.size = size
    if let name = query["format"] {
      guard let format = CoverFormat(rawValue: name) else {
        throw HTTPError(
          .badRequest, "format must be one of \(CoverFormat.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      self.format = format
      negotiated = false
    } else {
      format = Self.acceptsWebP(accept) ? .webp : .jpeg
      negotiated = size != .original
    }
  }

  /// `image/webp` in the list, unless with `q=0`.
  static func acceptsWebP(_ accept: String?) -> Bool {
    (accept ?? "").split(separator: ",").contains { entry in
      let parts = entry.split(separator: ";").map { $0.filter { $0 != " " && $0 != "\t" }.lowercased() }
      let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
      return parts.first == "image/webp" && quality > 0
    }
  }
}
