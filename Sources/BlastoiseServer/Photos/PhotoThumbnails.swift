import BlastoiseCore
import BlastoiseMedia
import BlastoiseProtocol
import Foundation

/// The JPEG thumbnails of photos and videos, made on first request and kept in
/// `<photos>/.thumbnails/<id prefix>/<id>-<edge>.jpg` (libvips on lanes of their own; a video's
/// first frame through ffmpeg when it is installed). Removed with the photo when it is purged.
final class PhotoThumbnails: Sendable {
  let directory: String
  /// ffmpeg, for videos' frames; without it a video has no thumbnail (the web app shows an icon).
  private let ffmpeg: String?
  private let log: @Sendable (String) -> Void
  private let lanes = WorkerLanes(label: "blastoise.photo-thumbnails", count: 2)
  private let made = MadeFiles()
  /// A header past this is refused rather than decoded (a few-kilobyte PNG can claim 1 GB).
  static let maxPixels = 250_000_000
  static let ffmpegSeconds = 60.0

  init(directory: String, ffmpeg: String? = ExecutableLookup.find("ffmpeg"), log: @escaping @Sendable (String) -> Void)
  {
    self.directory = directory
    self.ffmpeg = ffmpeg
    self.log = log
  }

  /// The thumbnail of `photo` (its file at `original`), made if need be; nil when it cannot be
  /// made (logged once).
  func file(of photo: StoredPhoto, original: String, size: PhotoThumbnailSize) async -> String? {
    let path = self.path(photo.id, size)
    return await made.file(path) {
      do {
        let bytes =
          photo.format == .video
          ? try await self.videoThumbnail(original, size) : try await self.imageThumbnail(original, size)
        try await self.lanes.run { try DurableFile.write(bytes, to: path) }
        return .made
      } catch {
        self.log("photos: no thumbnail for \(photo.id) (\(photo.name)): \(error)")
        return .failed
      }
    }
  }

  func remove(_ id: String) {
    for size in PhotoThumbnailSize.allCases { unlink(path(id, size)) }
  }

  private func path(_ id: String, _ size: PhotoThumbnailSize) -> String {
    "\(directory)/\(id.prefix(2))/\(id)-\(size.pixels).jpg"
  }

  private func imageThumbnail(_ path: String, _ size: PhotoThumbnailSize) async throws -> [UInt8] {
    try await lanes.run { try Vips.thumbnail(ofFileAt: path, fitting: size.pixels, maxPixels: Self.maxPixels) }
  }

  /// The video's first frame as a JPEG file (ffmpeg, below the server's priority), shrunk by
  /// libvips like a photo.
  private func videoThumbnail(_ original: String, _ size: PhotoThumbnailSize) async throws -> [UInt8] {
    guard let ffmpeg else { throw ThumbnailError(message: "ffmpeg is not installed") }
    let frame = directory + "/.frame-\(UUID().uuidString).jpg"
    defer { unlink(frame) }
    let outcome = await ToolProcess().run(
      executable: ffmpeg,
      arguments: ["-nostdin", "-v", "error", "-i", original, "-frames:v", "1", "-q:v", "2", "-y", frame],
      environment: [:], timeoutSeconds: Self.ffmpegSeconds)
    guard outcome.status == 0 else {
      throw ThumbnailError(message: "ffmpeg: \(outcome.errorTail.last ?? "exit \(outcome.status)")")
    }
    return try await imageThumbnail(frame, size)
  }

  struct ThumbnailError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
  }
}
