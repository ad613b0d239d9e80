import BlastoiseCore
import Foundation

/// Chapters from an ID3v2.3 or v2.4 tag's `CHAP` frames (the ID3 chapter addendum), each titled by
/// its `TIT2` sub-frame. Pure: `tag` is the tag's bytes from the start of the file. Anything
/// malformed ends the reading with what was read so far; nothing here traps on hostile bytes.
enum ID3Chapters {
  static func parse(_ tag: [UInt8]) -> [ChapterMark] {
    guard tag.count >= 10, tag[0] == 0x49, tag[1] == 0x44, tag[2] == 0x33, tag[3] == 3 || tag[3] == 4 else { return [] }
    let version = tag[3]
    let flags = tag[5]
    guard let size = syncsafe(tag, at: 6) else { return [] }
    var body = Array(tag[10..<min(tag.count, 10 + size)])
    // v2.3 unsynchronises the whole tag; v2.4 marks it per frame.
    if version == 3, flags & 0x80 != 0 { body = resynchronised(body) }
    var offset = 0
    if flags & 0x40 != 0 {  // an extended header: skipped
      guard body.count >= 4 else { return [] }
      let length = version == 4 ? syncsafe(body, at: 0) : Int(bigEndian32(body, at: 0)) + 4
      guard let length, length <= body.count else { return [] }
      offset = length
    }
    var marks: [ChapterMark] = []
    for frame in frames(body, from: offset, version: version) where frame.id == "CHAP" {
      if let mark = chapter(frame.data, version: version) { marks.append(mark) }
    }
    return marks.sorted { $0.start < $1.start }
  }

  struct Frame {
    let id: String
    let data: [UInt8]
  }

  /// The frames of `bytes` from `offset` to the padding.
  static func frames(_ bytes: [UInt8], from offset: Int, version: UInt8) -> [Frame] {
    var frames: [Frame] = []
    var at = offset
    while at + 10 <= bytes.count, bytes[at] != 0 {
      let id = String(decoding: bytes[at..<at + 4], as: UTF8.self)
      guard let size = version == 4 ? syncsafe(bytes, at: at + 4) : Int(bigEndian32(bytes, at: at + 4)),
        at + 10 + size <= bytes.count
      else { break }
      let format = bytes[at + 9]
      var data = Array(bytes[at + 10..<at + 10 + size])
      at += 10 + size
      if version == 4 {
        guard format & 0x0C == 0 else { continue }  // compressed or encrypted: not read
        if format & 0x02 != 0 { data = resynchronised(data) }
        if format & 0x01 != 0 { data = Array(data.dropFirst(4)) }  // its data length indicator
      }
      frames.append(Frame(id: id, data: data))
    }
    return frames
  }

  /// A CHAP frame: element ID, start and end (ms), byte offsets, then sub-frames.
  static func chapter(_ data: [UInt8], version: UInt8) -> ChapterMark? {
    guard let nul = data.firstIndex(of: 0), nul + 17 <= data.count else { return nil }
    let start = Double(bigEndian32(data, at: nul + 1)) / 1_000
    let title = frames(Array(data[(nul + 17)...]), from: 0, version: version)
      .first { $0.id == "TIT2" }
      .flatMap { text($0.data) }
    return ChapterMark(start: start, title: title ?? "")
  }

  /// A text frame's first string, by its encoding byte.
  static func text(_ data: [UInt8]) -> String? {
    guard let encoding = data.first else { return nil }
    let bytes = Array(data.dropFirst())
    let text: String?
    switch encoding {
    case 0: text = String(bytes.prefix { $0 != 0 }.map { Character(Unicode.Scalar($0)) })
    case 1, 2: text = utf16(bytes, bigEndian: encoding == 2)
    case 3: text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    default: text = nil
    }
    let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed?.isEmpty == false ? trimmed : nil
  }

  static func utf16(_ bytes: [UInt8], bigEndian defaultOrder: Bool) -> String {
    var order = defaultOrder
    var start = 0
    if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE {
      order = false
      start = 2
    } else if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
      order = true
      start = 2
    }
    var units: [UInt16] = []
    var at = start
    while at + 1 < bytes.count {
      let unit = order ? UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]) : UInt16(bytes[at + 1]) << 8 | UInt16(bytes[at])
      if unit == 0 { break }
      units.append(unit)
      at += 2
    }
    return String(decoding: units, as: UTF16.self)
  }

  /// `FF 00` back to `FF`.
  static func resynchronised(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var previous: UInt8 = 0
    for byte in bytes {
      if !(previous == 0xFF && byte == 0) { out.append(byte) }
      previous = byte
    }
    return out
  }

  static func syncsafe(_ bytes: [UInt8], at offset: Int) -> Int? {
    guard offset + 4 <= bytes.count, bytes[offset..<offset + 4].allSatisfy({ $0 < 0x80 }) else { return nil }
    return bytes[offset..<offset + 4].reduce(0) { $0 << 7 | Int($1) }
  }

  static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    guard offset + 4 <= bytes.count else { return 0 }
    return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }
}
