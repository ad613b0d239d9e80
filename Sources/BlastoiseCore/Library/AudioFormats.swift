/// The audio files the library accepts, by extension, with the type they are served as.
public enum AudioFormats {
  public static let contentTypes: [String: String] = [
    "mp3": "audio/mpeg", "ogg": "audio/ogg", "opus": "audio/ogg; codecs=opus", "flac": "audio/flac",
    "wav": "audio/wav", "m4a": "audio/mp4", "aac": "audio/aac", "wma": "audio/x-ms-wma", "mp4": "audio/mp4",
  ]

  /// The lower-cased extension of a file name, if it is one we accept.
  public static func acceptedExtension(of filename: String) -> String? {
    guard let dot = filename.lastIndex(of: "."), dot != filename.startIndex else { return nil }
    let ext = filename[filename.index(after: dot)...].lowercased()
    return contentTypes[ext] == nil ? nil : ext
  }

  public static func contentType(forFilename filename: String) -> String {
    acceptedExtension(of: filename).flatMap { contentTypes[$0] } ?? "application/octet-stream"
  }

  /// The display title when tags give none: the file name without its extension.
  public static func fallbackTitle(forFilename filename: String) -> String {
    guard let dot = filename.lastIndex(of: "."), dot != filename.startIndex else { return filename }
    return String(filename[..<dot])
  }
}
