import Foundation

/// Safe names for uploaded files: the client's name, never its path.
enum UploadNames {
  /// Keeps the last path component, drops control characters and leading dots, caps the length.
  static func sanitize(_ name: String) -> String {
    let lastComponent = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
    var cleaned = String(lastComponent.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f })
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

  /// Makes a rename durable: fsync the directory that holds the new name.
  static func syncDirectory(_ path: String) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }
}
