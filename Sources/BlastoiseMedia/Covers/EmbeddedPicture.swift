import CTagLib

/// The cover embedded in an audio file's tags, as the CTagLib shim hands it over with the tags
/// (`bl_tags_read_with_picture`, `TagReader.read(path:pictureLimit:)`).
enum EmbeddedPicture: Equatable {
  case none
  case picture([UInt8])
  /// Larger than the limit (the byte count); not copied out of the tag.
  case tooLarge(Int)

  init(_ raw: bl_picture) {
    if let bytes = raw.bytes {
      self = .picture(Array(UnsafeBufferPointer(start: bytes, count: raw.size)))
    } else {
      self = raw.size > 0 ? .tooLarge(raw.size) : .none
    }
  }
}
