import BlastoiseCore
import BlastoiseProtocol
import Foundation

/// Covers on disk by content: each picture's bytes once, named by its cover ID
/// (`<directory>/ab/abcd….jpg`), and the variants made from it beside it (`ab/abcd…-256.webp`).
/// Files appear whole (written to a temp file, fsynced, renamed) and never change, so requests
/// can serve them while a scan adds more.
public struct CoverStore: Sendable {
  public let directory: String

  public init(directory: String) { self.directory = directory }

  /// Keeps a picture that passes `CoverCheck` and returns its cover ID. Bytes already kept (an
  /// album's cover on each of its tracks) are neither checked nor written again.
  public func keep(_ bytes: [UInt8]) throws(CoverRefusal) -> String {
    guard let id = CoverDigest.id(of: bytes) else { throw CoverRefusal("SHA-256 failed") }
    if let format = ImageFormat(magic: bytes), access(path(of: id, format), F_OK) == 0 { return id }
    try save(bytes, to: path(of: id, CoverCheck.check(bytes).get()))
    return id
  }

  /// The kept picture of a cover, if there is one.
  public func original(_ id: String) -> (path: String, format: ImageFormat)? {
    guard CoverID.isValid(id) else { return nil }
    for format in ImageFormat.allCases where access(path(of: id, format), F_OK) == 0 {
      return (path(of: id, format), format)
    }
    return nil
  }

  /// Where a variant of a cover is kept (it may not be made yet).
  func variantPath(_ id: String, size: Int, format: CoverFormat) -> String {
    folder(of: id) + "/\(id)-\(size).\(format == .jpeg ? "jpg" : format.rawValue)"
  }

  private func folder(of id: String) -> String { directory + "/" + id.prefix(2) }

  private func path(of id: String, _ format: ImageFormat) -> String {
    folder(of: id) + "/" + id + "." + format.fileExtension
  }

  func save(_ bytes: [UInt8], to path: String) throws(CoverRefusal) {
    do { try DurableFile.write(bytes, to: path) } catch { throw CoverRefusal(error.description) }
  }
}
