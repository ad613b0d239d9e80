/// The formats covers are kept in, told by their first bytes — never by a MIME type or a file
/// name, which say what a tagger or a downloader believed.
public enum ImageFormat: String, Sendable, CaseIterable {
  case jpeg, png, webp

  public var contentType: String { "image/\(rawValue)" }

  var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

  public init?(magic bytes: [UInt8]) {
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) {
      self = .webp
    } else {
      return nil
    }
  }

  /// Whether the bytes end the way a whole file of this format does, so a truncated copy is
  /// refused without decoding it: a JPEG's end-of-image marker (a marker that cannot occur in
  /// its compressed data) near the end, a PNG's IEND chunk, the length a WebP's RIFF header
  /// declares. Trailing bytes after the end are allowed, as decoders allow them.
  func isComplete(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 12 else { return false }
    let tail = bytes.suffix(4096)
    switch self {
    case .jpeg: return tail.firstRange(of: [0xFF, 0xD9]) != nil
    case .png: return tail.firstRange(of: [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]) != nil
    case .webp:
      let declared = bytes[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
      return declared + 8 <= bytes.count
    }
  }
}
