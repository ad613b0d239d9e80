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
  func keep(_ bytes: [UInt8]) throws(CoverRefusal) -> String {
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

  /// Temp file, fsync, rename, fsync the folder: after a crash the file is whole or absent.
  func save(_ bytes: [UInt8], to path: String) throws(CoverRefusal) {
    let folder = (path as NSString).deletingLastPathComponent
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let temporary = folder + "/.\(UUID().uuidString).tmp"
    guard Self.writeSynced(bytes, to: temporary), rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw CoverRefusal("cannot write \(path): \(reason)")
    }
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  /// Writes a new file whole and fdatasyncs it.
  private static func writeSynced(_ bytes: [UInt8], to path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return false }
      var done = 0
      while done < raw.count {
        let count = write(descriptor, base + done, raw.count - done)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        done += count
      }
      return fdatasync(descriptor) == 0
    }
  }
}
