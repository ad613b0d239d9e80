import BlastoiseCore
import BlastoiseMedia
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One episode being downloaded: written to a temporary file in `<data>/episodes/.partial` and
/// hashed as it arrives, then renamed to `episodes/ab/<sha256>.<ext>` — content-addressed like a
/// library track, so `/api/tracks/:id` serves it and two feeds with the same file share it.
/// The transfer's thread is its only user while it runs (hence `@unchecked Sendable`).
final class EpisodeFile: OutboundBodySink, @unchecked Sendable {
  private let dataDirectory: String
  private let partialPath: String
  private let descriptor: Int32
  private let hash = StreamingSHA256()
  private(set) var bytes: Int64 = 0

  static let directory = "episodes"

  init(dataDirectory: String) throws {
    self.dataDirectory = dataDirectory
    let partial = "\(dataDirectory)/\(Self.directory)/.partial"
    try FileManager.default.createDirectory(atPath: partial, withIntermediateDirectories: true)
    partialPath = "\(partial)/\(UUID().uuidString)"
    descriptor = open(partialPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw CoreError(.unavailable, "Cannot write \(partialPath)") }
  }

  deinit { close(descriptor) }

  func write(_ piece: UnsafeRawBufferPointer) -> Bool {
    guard hash.update(piece) else { return false }
    var offset = 0
    while offset < piece.count {
      let written = Glibc.write(descriptor, piece.baseAddress! + offset, piece.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    bytes += Int64(piece.count)
    return true
  }

  /// Moves the file to its content-addressed place; answers its track ID and its path relative
  /// to the data directory.
  func keep(extension ext: String) throws -> (trackID: String, path: String) {
    guard fsync(descriptor) == 0, let trackID = hash.trackID() else {
      throw CoreError(.unavailable, "Cannot finish \(partialPath)")
    }
    let hex = String(trackID.dropFirst(TrackID.prefix.count))
    let folder = "\(Self.directory)/\(hex.prefix(2))"
    try FileManager.default.createDirectory(atPath: "\(dataDirectory)/\(folder)", withIntermediateDirectories: true)
    let path = "\(folder)/\(hex).\(ext)"
    guard rename(partialPath, "\(dataDirectory)/\(path)") == 0 else {
      throw CoreError(.unavailable, "Cannot move \(partialPath) to \(path)")
    }
    return (trackID, path)
  }

  func discard() { unlink(partialPath) }

  /// The file's extension: the URL's when it is an audio one the server serves, else from the
  /// feed's MIME type; mp3 when neither says.
  static func fileExtension(url: String, type: String?) -> String {
    let path = URLComponents(string: url)?.path ?? ""
    if let ext = AudioFormats.acceptedExtension(of: (path as NSString).lastPathComponent) { return ext }
    let mime = type?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    return switch mime {
    case "audio/mp4", "audio/x-m4a", "audio/m4a", "video/mp4": "m4a"
    case "audio/ogg", "audio/opus": "ogg"
    case "audio/flac", "audio/x-flac": "flac"
    case "audio/aac", "audio/aacp": "aac"
    case "audio/wav", "audio/x-wav": "wav"
    default: "mp3"
    }
  }
}
