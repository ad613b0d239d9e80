/// What `GET /api/covers/:id` answers: `?size=` (a square the picture is shrunk to fit, never
/// enlarged, or the stored bytes as they are) and `?format=` (or the `Accept` header).
public enum CoverSize: String, Sendable, CaseIterable {
  case px64 = "64", px128 = "128", px256 = "256", px512 = "512", original

  /// The edge of the square, or nil for the original.
  public var pixels: Int? { Int(rawValue) }
}

public enum CoverFormat: String, Sendable, CaseIterable {
  case jpeg, webp

  public var contentType: String { "image/\(rawValue)" }
}
