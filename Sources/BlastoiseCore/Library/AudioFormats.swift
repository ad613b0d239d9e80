/// The audio files the library accepts, by extension, with the type they are served as.
public enum AudioFormats {
  public static let contentTypes: [String: String] = [
    "mp3": "audio/mpeg", "ogg": "audio/ogg", "opus": "audio/ogg; codecs=opus", "flac": "audio/flac",
    "wav": "audio/wav", "m4a": "audio/mp4", "m4b": "audio/mp4", "aac": "audio/aac", "wma": "audio/x-ms-wma",
    "mp4": "audio/mp4",
  ]

  /// The lower-cased extension of a file name, if it is one we accept. The dot is found by
  /// Unicode scalar, as the file system sees it: after a prepended mark (`a\u{600}.mp3`) a dot
  /// is no `Character` of its own (found by the upload-name fuzzer).
  public static func acceptedExtension(of filename: String) -> String? {
    let scalars = filename.unicodeScalars
    guard let dot = scalars.lastIndex(of: "."), dot != scalars.startIndex else { return nil }
    let ext = String(scalars[scalars.index(after: dot)...]).lowercased()
    return contentTypes[ext] == nil ? nil : ext
  }

  public static func contentType(forFilename filename: String) -> String {
    acceptedExtension(of: filename).flatMap { contentTypes[$0] } ?? "application/octet-stream"
  }

  /// The display title when tags give none: the file name without its extension.
  public static func fallbackTitle(forFilename filename: String) -> String {
    let scalars = filename.unicodeScalars
    guard let dot = scalars.lastIndex(of: "."), dot != scalars.startIndex else { return filename }
    return String(scalars[..<dot])
  }
}
