import BlastoiseCore
import Foundation

/// The edge of chapter reading: fetches the bytes `ID3Chapters` and `MP4Chapters` look at — an
/// MP3's ID3v2 tag at the start, an MP4's `moov` box wherever it sits — within caps, so a
/// hostile file costs at most a few megabytes.
public enum ChapterReader {
  static let tagLimit = 16 << 20
  static let moovLimit = 64 << 20

  public static func chapters(path: String) -> [ChapterMark] {
    guard let file = FileHandle(forReadingAtPath: path) else { return [] }
    defer { try? file.close() }
    let read = { (offset: Int, count: Int) -> [UInt8]? in
      guard offset >= 0, (try? file.seek(toOffset: UInt64(offset))) != nil else { return nil }
      return (try? file.read(upToCount: count)).map { [UInt8]($0) }
    }
    guard let head = read(0, 10), head.count == 10 else { return [] }
    if head.starts(with: Array("ID3".utf8)) {
      guard let size = ID3Chapters.syncsafe(head, at: 6), size + 10 <= tagLimit, let tag = read(0, size + 10) else {
        return []
      }
      return ID3Chapters.parse(tag)
    }
    if head[4..<8].elementsEqual("ftyp".utf8), let moov = moov(read) {
      return MP4Chapters.parse(moov: moov, read: read)
    }
    return []
  }

  /// The top-level `moov` box's body, found by walking the box headers.
  static func moov(_ read: (Int, Int) -> [UInt8]?) -> [UInt8]? {
    var at = 0
    for _ in 0..<64 {
      guard let header = read(at, 16), header.count >= 8 else { return nil }
      var size = Int(MP4Chapters.be(header, 0, 4))
      var headerSize = 8
      if size == 1 {
        guard header.count == 16 else { return nil }
        size = Int(clamping: MP4Chapters.be(header, 8, 8))
        headerSize = 16
      }
      let type = String(decoding: header[4..<8], as: UTF8.self)
      if type == "moov" {
        guard size > headerSize, size - headerSize <= moovLimit else { return nil }
        return read(at + headerSize, size - headerSize)
      }
      guard size >= headerSize else { return nil }  // 0 (to the end) or broken: no moov after it
      at += size
    }
    return nil
  }
}
