import BlastoiseProtocol
import CVips

/// libvips, started once for the process with the limits `bl_vips_start` sets (JPEG, PNG, WebP,
/// GIF, HEIF and TIFF loaders only, no operation cache, one thread per operation). Every call blocks: run them
/// on worker lanes, never on the Swift pool.
public enum Vips {
  private static let started = bl_vips_start() == 0

  /// Width and height from the header; nothing is decoded.
  static func dimensions(of bytes: [UInt8]) -> (width: Int, height: Int)? {
    guard started else { return nil }
    return bytes.withUnsafeBytes { raw in
      guard let image = bl_vips_header(raw.baseAddress, raw.count) else {
        vips_error_clear()
        return nil
      }
      defer { g_object_unref(image) }
      return (Int(vips_image_get_width(image)), Int(vips_image_get_height(image)))
    }
  }

  /// The picture shrunk to fit `size` × `size` (never enlarged), encoded as `format`.
  static func thumbnail(of bytes: [UInt8], fitting size: Int, as format: CoverFormat) throws(CoverRefusal)
    -> [UInt8]
  {
    guard started else { throw CoverRefusal("libvips did not start") }
    let result: [UInt8]? = bytes.withUnsafeBytes { raw in
      var image: UnsafeMutablePointer<VipsImage>?
      guard bl_vips_thumbnail(raw.baseAddress, raw.count, Int32(size), &image) == 0, let image else { return nil }
      defer { g_object_unref(image) }
      return encode(image, as: format)
    }
    guard let result else { throw CoverRefusal(lastError()) }
    return result
  }

  /// The image file at `path` (a photo: any allowed format, however large on disk) shrunk to fit
  /// `size` × `size` (never enlarged), as JPEG. Refused past `maxPixels` by its header.
  public static func thumbnail(ofFileAt path: String, fitting size: Int, maxPixels: Int) throws(CoverRefusal)
    -> [UInt8]
  {
    guard started else { throw CoverRefusal("libvips did not start") }
    var image: UnsafeMutablePointer<VipsImage>?
    guard bl_vips_thumbnail_file(path, Int32(size), Double(maxPixels), &image) == 0, let image else {
      throw CoverRefusal(lastError())
    }
    defer { g_object_unref(image) }
    guard let result = encode(image, as: .jpeg) else { throw CoverRefusal(lastError()) }
    return result
  }

  private static func encode(_ image: UnsafeMutablePointer<VipsImage>, as format: CoverFormat) -> [UInt8]? {
    var output: UnsafeMutableRawPointer?
    var length = 0
    let status =
      switch format {
      case .jpeg: bl_vips_save_jpeg(image, &output, &length)
      case .webp: bl_vips_save_webp(image, &output, &length)
      }
    guard status == 0, let output else { return nil }
    defer { g_free(output) }
    return Array(UnsafeRawBufferPointer(start: output, count: length))
  }

  /// libvips' message for the failure just seen (its buffer is per process; it is cleared).
  private static func lastError() -> String {
    defer { vips_error_clear() }
    let message = String(cString: vips_error_buffer()).split(separator: "\n").first.map(String.init)
    return message ?? "libvips could not decode it"
  }
}
