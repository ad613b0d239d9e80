/// What a backed-up file is, from its first bytes (never from its name). Anything else is refused
/// (the route answers 415).
public enum PhotoFormat: String, Sendable, Equatable, CaseIterable {
  case jpeg, png, gif, webp, heif, tiff, video

  /// The bytes needed to tell every format apart.
  public static let headerLength = 12

  public static func sniff(_ header: [UInt8]) -> PhotoFormat? {
    func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
      header.count >= offset + magic.count && Array(header[offset..<offset + magic.count]) == magic
    }
    if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
    if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
    // DNG and most camera RAW files are TIFF containers, either byte order.
    if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
    guard starts(Array("ftyp".utf8), at: 4), header.count >= 12 else { return nil }
    let brand = String(decoding: header[8..<12], as: UTF8.self)
    if ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].contains(brand) { return .heif }
    if ["qt  ", "isom", "iso2", "mp41", "mp42", "mp4v", "avc1", "M4V "].contains(brand) { return .video }
    return nil
  }

  /// What it is served as; a video is QuickTime when its name says `.mov`, else MP4.
  public func contentType(name: String) -> String {
    switch self {
    case .jpeg: "image/jpeg"
    case .png: "image/png"
    case .gif: "image/gif"
    case .webp: "image/webp"
    case .heif: "image/heic"
    case .tiff: "image/tiff"
    case .video: name.lowercased().hasSuffix(".mov") ? "video/quicktime" : "video/mp4"
    }
  }
}
