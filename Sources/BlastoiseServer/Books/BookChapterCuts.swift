import BlastoiseCore
import BlastoiseMedia
import Foundation

/// Chapters of a book file that holds several, each cut out as a file of its own on first request
/// (ffmpeg, the audio stream copied, never re-encoded) and kept in `<data>/book-chapters/`: a room
/// plays a chapter like a track, and every client plays whole files. A cut is named by the book,
/// the chapter's span and the source file's size and time, so a changed file is cut again.
final class BookChapterCuts: Sendable {
  let directory: String
  private let ffmpeg: String?
  private let made = MadeFiles()
  static let ffmpegSeconds = 300.0

  /// The container a cut of a file with this extension is written in (extension, ffmpeg
  /// format); nil: not cut (the book then plays file by file).
  static func output(forExtension ext: String) -> (ext: String, format: String)? {
    switch ext.lowercased() {
    case "m4b", "m4a", "mp4": ("m4a", "mp4")
    case "mp3": ("mp3", "mp3")
    case "ogg", "oga": ("ogg", "ogg")
    case "opus": ("opus", "opus")
    case "flac": ("flac", "flac")
    default: nil
    }
  }

  init(directory: String, ffmpeg: String? = ExecutableLookup.find("ffmpeg")) {
    self.directory = directory
    self.ffmpeg = ffmpeg
  }

  /// Whether a book's file can be cut here (ffmpeg installed and a container it copies into).
  func canCut(_ file: StoredBookFile) -> Bool {
    ffmpeg != nil && Self.output(forExtension: (file.path as NSString).pathExtension) != nil
  }

  /// The cut of `source` from `offset` for `duration` seconds, made if need be; nil when it
  /// cannot be made (logged, and not tried again by this process).
  func cut(_ source: String, bookID: String, offset: Double, duration: Double) async -> String? {
    guard let ffmpeg, let output = Self.output(forExtension: (source as NSString).pathExtension) else { return nil }
    var info = stat()
    guard stat(source, &info) == 0 else { return nil }
    let span = "\(Int((offset * 1000).rounded()))-\(Int((duration * 1000).rounded()))"
    let name = "\(bookID.dropFirst(BookID.prefix.count))-\(span)-\(info.st_size)-\(info.st_mtim.tv_sec).\(output.ext)"
    let path = "\(directory)/\(name)"
    return await made.file(path) {
      do {
        try FileManager.default.createDirectory(atPath: self.directory, withIntermediateDirectories: true)
        let partial = "\(self.directory)/.\(UUID().uuidString).\(output.ext)"
        defer { unlink(partial) }
        var arguments = ["-nostdin", "-v", "error", "-ss", String(offset), "-t", String(duration), "-i", source]
        arguments += ["-map", "0:a:0", "-c", "copy", "-map_metadata", "-1", "-map_chapters", "-1"]
        if output.format == "mp4" { arguments += ["-movflags", "+faststart"] }
        arguments += ["-f", output.format, "-y", partial]
        let outcome = await ToolProcess().run(
          executable: ffmpeg, arguments: arguments, environment: [:], timeoutSeconds: Self.ffmpegSeconds)
        guard outcome.status == 0 else {
          throw CoreError(.unavailable, "ffmpeg: \(outcome.errorTail.last ?? "exit \(outcome.status)")")
        }
        guard rename(partial, path) == 0 else { throw CoreError(.unavailable, "Cannot keep \(path)") }
        return .made
      } catch {
        ServerLog.write("books: cannot cut a chapter of \(source): \(error)")
        return .failed
      }
    }
  }
}
