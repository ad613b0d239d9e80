/// What a picture must be to be kept as a cover, checked without decoding it, so no picture can
/// slow or stall a scan: a size cap, a known format by its first bytes (an HTML page saved as
/// `cover.jpg` is not one), a complete file, and at most `maxPixels` by its header — a
/// 20,000 × 20,000 PNG of a few hundred kilobytes would need 1.2 GB to decode.
public enum CoverCheck {
  public static let maxBytes = 20 << 20
  public static let maxPixels = 100_000_000

  public static func check(_ bytes: [UInt8]) -> Result<ImageFormat, CoverRefusal> {
    guard bytes.count <= maxBytes else { return .failure(.tooLarge(bytes.count)) }
    guard let format = ImageFormat(magic: bytes) else {
      let start = bytes.prefix(8).map { String($0, radix: 16) }.joined(separator: " ")
      return .failure(CoverRefusal("not a JPEG, PNG or WebP image (it begins \(start))"))
    }
    guard format.isComplete(bytes) else { return .failure(CoverRefusal("a truncated \(format.rawValue) file")) }
    guard let size = Vips.dimensions(of: bytes) else {
      return .failure(CoverRefusal("an unreadable \(format.rawValue) header"))
    }
    guard size.width * size.height <= maxPixels else {
      return .failure(
        CoverRefusal("\(size.width) × \(size.height) pixels, over the \(maxPixels / 1_000_000)-megapixel limit"))
    }
    return .success(format)
  }
}
