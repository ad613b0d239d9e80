import CTagLib

/// The cover embedded in an audio file's tags, through the CTagLib shim (`bl_picture_read`).
/// Safe to call from any thread; blocks on the file.
enum EmbeddedPicture {
  enum Found: Equatable {
    case none
    case picture([UInt8])
    /// Larger than the limit (the byte count); not copied out of the tag.
    case tooLarge(Int)
  }

  static func read(_ path: String, limit: Int = CoverCheck.maxBytes) -> Found {
    var raw = bl_picture()
    let status = bl_picture_read(path, limit, &raw)
    defer { bl_picture_free(&raw) }
    switch status {
    case BL_PICTURE_FOUND:
      guard let bytes = raw.bytes else { return .none }
      return .picture(Array(UnsafeBufferPointer(start: bytes, count: raw.size)))
    case BL_PICTURE_TOO_LARGE: return .tooLarge(raw.size)
    default: return .none
    }
  }
}
