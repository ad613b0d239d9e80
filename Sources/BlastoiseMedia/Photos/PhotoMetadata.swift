import BlastoiseCore
import CExif
import Foundation

/// When a backed-up file says it was taken: a JPEG's EXIF DateTimeOriginal (libexif; with
/// OffsetTimeOriginal when the camera wrote one), a MOV/MP4's `mvhd` creation time. Nil when the
/// file does not say (then the client's date, else the file's time, is used).
public enum PhotoMetadata {
  public static func captureDate(path: String, format: PhotoFormat) -> PhotoCaptureDate? {
    switch format {
    case .jpeg: exifDate(path: path)
    case .video: videoDate(path: path)
    case .png, .gif, .webp, .heif, .tiff: nil
    }
  }

  static func exifDate(path: String) -> PhotoCaptureDate? {
    guard let data = exif_data_new_from_file(path) else { return nil }
    defer { exif_data_unref(data) }
    let original =
      entry(data, EXIF_IFD_EXIF, EXIF_TAG_DATE_TIME_ORIGINAL)
      ?? entry(data, EXIF_IFD_EXIF, EXIF_TAG_DATE_TIME_DIGITIZED) ?? entry(data, EXIF_IFD_0, EXIF_TAG_DATE_TIME)
    // OffsetTimeOriginal (0x9011), EXIF 2.31: libexif 0.6 has no name for it.
    let offset = entry(data, EXIF_IFD_EXIF, ExifTag(rawValue: 0x9011))
    return original.flatMap { PhotoCaptureDate.exif($0, offset: offset) }
  }

  private static func entry(_ data: UnsafeMutablePointer<ExifData>, _ ifd: ExifIfd, _ tag: ExifTag) -> String? {
    let ifds = data.pointee.ifd
    let content: UnsafeMutablePointer<ExifContent>? =
      switch ifd {
      case EXIF_IFD_0: ifds.0
      case EXIF_IFD_EXIF: ifds.2
      default: nil
      }
    guard let content, let entry = exif_content_get_entry(content, tag), entry.pointee.format == EXIF_FORMAT_ASCII,
      let bytes = entry.pointee.data, entry.pointee.size > 0
    else { return nil }
    let buffer = UnsafeBufferPointer(start: bytes, count: Int(entry.pointee.size))
    return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
  }

  /// `mvhd`'s creation time: seconds since 1904 (UTC), 0 when the writer left it unset.
  static func videoDate(path: String) -> PhotoCaptureDate? {
    guard let file = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? file.close() }
    let read = { (offset: Int, count: Int) -> [UInt8]? in
      guard offset >= 0, (try? file.seek(toOffset: UInt64(offset))) != nil else { return nil }
      return (try? file.read(upToCount: count)).map { [UInt8]($0) }
    }
    guard let moov = ChapterReader.moov(read),
      let mvhd = MP4Chapters.boxes(moov, 0..<moov.count).first(where: { $0.type == "mvhd" }), mvhd.body.count >= 8
    else { return nil }
    let version = moov[mvhd.body.lowerBound]
    let seconds =
      version == 1
      ? MP4Chapters.be(moov, mvhd.body.lowerBound + 4, 8) : MP4Chapters.be(moov, mvhd.body.lowerBound + 4, 4)
    let from1904: UInt64 = 2_082_844_800
    guard seconds > from1904, seconds - from1904 < 253_402_300_800 else { return nil }
    return PhotoCaptureDate.instant(Int64(seconds - from1904) * 1_000)
  }
}
