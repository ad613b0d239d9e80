import BlastoiseCore
import Foundation

/// Safe names for uploaded files: the client's name, never its path.
enum UploadNames {
  /// Keeps the last path component, drops control characters and leading dots, caps the length.
  /// Split by scalar, not by Character: a slash followed by a combining mark is one Character
  /// that is not "/", yet the file system still sees the slash.
  static func sanitize(_ name: String) -> String {
    let lastComponent =
      name.unicodeScalars.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map { String(Substring($0)) } ?? ""
    var cleaned = lastComponent.removingControlCharacters
    while cleaned.hasPrefix(".") { cleaned.removeFirst() }
    if cleaned.utf8.count > 200 {
      let ext = (cleaned as NSString).pathExtension
      cleaned = String(cleaned.prefix(150)) + (ext.isEmpty ? "" : "." + ext)
    }
    return cleaned.isEmpty ? "upload" : cleaned
  }

  /// "song.mp3" → "song (2).mp3".
  static func numbered(_ name: String, _ number: Int) -> String {
    let ext = (name as NSString).pathExtension
    let stem = (name as NSString).deletingPathExtension
    return ext.isEmpty ? "\(stem) (\(number))" : "\(stem) (\(number)).\(ext)"
  }

  /// Moves an fsynced file into `directory` under a safe, unused version of `name` and makes the
  /// move durable. `link` + `unlink` rather than `rename`: an existing name — another upload or
  /// import landing at the same moment — is never replaced. Nil when the file cannot be placed.
  static func place(_ source: String, named name: String, in directory: String) -> LibraryFile? {
    let safeName = sanitize(name)
    var destination = directory + "/" + safeName
    var attempt = 2
    while link(source, destination) != 0 {
      guard errno == EEXIST, attempt < 1000 else { return nil }
      destination = directory + "/" + numbered(safeName, attempt)
      attempt += 1
    }
    unlink(source)
    syncDirectory(directory)
    var info = stat()
    guard stat(destination, &info) == 0 else { return nil }
    return LibraryFile(
      path: destination, size: Int64(info.st_size),
      modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
  }

  /// Makes a rename durable: fsync the directory that holds the new name.
  static func syncDirectory(_ path: String) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }
}
