/// Why a picture is not kept as a cover, or a stored cover cannot be shown. Logged; the track is
/// scanned without the cover, the request answered 404.
public struct CoverRefusal: Error, Sendable, Equatable, CustomStringConvertible {
  public let reason: String

  init(_ reason: String) { self.reason = reason }

  public var description: String { reason }

  static func tooLarge(_ bytes: Int) -> CoverRefusal {
    CoverRefusal("\(bytes) bytes, over the \(CoverCheck.maxBytes >> 20) MiB limit")
  }
}
