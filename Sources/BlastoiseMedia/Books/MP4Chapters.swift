import BlastoiseCore

/// Chapters of an MP4/M4B file, from its `moov` box: Nero's `chpl` list (ffmpeg and most tools
/// write it), else the QuickTime chapter track (`tref`/`chap`, what Apple's tools write), whose
/// titles are text samples elsewhere in the file — `read(offset, count)` fetches those. Pure
/// otherwise; malformed boxes end the reading with nothing rather than trap.
enum MP4Chapters {
  static func parse(moov: [UInt8], read: (Int, Int) -> [UInt8]?) -> [ChapterMark] {
    let top = boxes(moov, 0..<moov.count)
    if let udta = top.first(where: { $0.type == "udta" }),
      let chpl = boxes(moov, udta.body).first(where: { $0.type == "chpl" })
    {
      let marks = nero(Array(moov[chpl.body]))
      if !marks.isEmpty { return marks }
    }
    return quickTime(moov, tracks: top.filter { $0.type == "trak" }.map(\.body), read: read)
  }

  struct Box {
    let type: String
    let body: Range<Int>
  }

  /// The boxes directly inside `range`; a box whose size runs past it ends the list.
  static func boxes(_ bytes: [UInt8], _ range: Range<Int>) -> [Box] {
    var found: [Box] = []
    var at = range.lowerBound
    while at + 8 <= range.upperBound {
      var size = Int(be(bytes, at, 4))
      var header = 8
      if size == 1 {
        guard at + 16 <= range.upperBound else { break }
        let large = be(bytes, at + 8, 8)
        guard large <= UInt64(Int.max) else { break }
        size = Int(large)
        header = 16
      } else if size == 0 {
        size = range.upperBound - at
      }
      guard size >= header, size <= range.upperBound - at else { break }
      found.append(Box(type: String(decoding: bytes[at + 4..<at + 8], as: UTF8.self), body: at + header..<at + size))
      at += size
    }
    return found
  }

  /// `chpl`: version, flags, (v1: 4 reserved bytes), a count, then per chapter a start in
  /// 100 ns units and a length-prefixed UTF-8 title.
  static func nero(_ body: [UInt8]) -> [ChapterMark] {
    guard body.count >= 5 else { return [] }
    var at = body[0] == 0 ? 4 : 8
    guard at < body.count else { return [] }
    let count = Int(body[at])
    at += 1
    var marks: [ChapterMark] = []
    for _ in 0..<count {
      guard at + 9 <= body.count else { break }
      let start = Double(be(body, at, 8)) / 10_000_000
      let length = Int(body[at + 8])
      at += 9
      guard at + length <= body.count else { break }
      marks.append(ChapterMark(start: start, title: String(decoding: body[at..<at + length], as: UTF8.self)))
      at += length
    }
    return marks.sorted { $0.start < $1.start }
  }

  /// The track another track names in its `tref`/`chap`, read as timed text samples.
  static func quickTime(_ moov: [UInt8], tracks: [Range<Int>], read: (Int, Int) -> [UInt8]?) -> [ChapterMark] {
    var byID: [UInt32: Range<Int>] = [:]
    var chapterIDs: [UInt32] = []
    for track in tracks {
      let children = boxes(moov, track)
      if let tkhd = children.first(where: { $0.type == "tkhd" }), let id = trackID(moov, tkhd.body) { byID[id] = track }
      if let tref = children.first(where: { $0.type == "tref" }),
        let chap = boxes(moov, tref.body).first(where: { $0.type == "chap" })
      {
        chapterIDs += stride(from: chap.body.lowerBound, to: chap.body.upperBound - 3, by: 4).map {
          UInt32(be(moov, $0, 4))
        }
      }
    }
    guard let id = chapterIDs.first, let track = byID[id],
      let table = SampleTable(moov, track: track)
    else { return [] }
    var marks: [ChapterMark] = []
    for (start, offset, size) in table.samples.prefix(10_000) {
      guard size >= 2, let sample = read(offset, min(size, 2 + 1024)), sample.count >= 2 else { continue }
      let length = min(Int(be(sample, 0, 2)), sample.count - 2)
      marks.append(ChapterMark(start: start, title: Self.text(Array(sample[2..<2 + length]))))
    }
    return marks
  }

  /// UTF-16 when it starts with a byte-order mark, else UTF-8.
  static func text(_ bytes: [UInt8]) -> String {
    if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
      return ID3Chapters.utf16(bytes, bigEndian: true)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  static func trackID(_ bytes: [UInt8], _ body: Range<Int>) -> UInt32? {
    guard body.count >= 24 else { return nil }
    let at = body.lowerBound + (bytes[body.lowerBound] == 1 ? 20 : 12)
    guard at + 4 <= body.upperBound else { return nil }
    return UInt32(be(bytes, at, 4))
  }

  /// Big-endian unsigned of `count` bytes at `at` (0 past the end).
  static func be(_ bytes: [UInt8], _ at: Int, _ count: Int) -> UInt64 {
    guard at >= 0, at + count <= bytes.count else { return 0 }
    return bytes[at..<at + count].reduce(0) { $0 << 8 | UInt64($1) }
  }
}
