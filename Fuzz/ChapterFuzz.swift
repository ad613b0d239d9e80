import BlastoiseCore

// libFuzzer entry for the chapter readers: any bytes as an ID3v2 tag, or as an MP4 `moov` box
// whose file is the same bytes, must give chapters or none — never a trap, a hang or a read out
// of bounds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChapters(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size >= 1 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  let marks: [ChapterMark]
  if data[0] & 1 == 0 {
    marks = ID3Chapters.parse(bytes)
  } else {
    marks = MP4Chapters.parse(moov: bytes) { offset, count in
      guard offset >= 0, offset < bytes.count, count >= 0 else { return nil }
      return Array(bytes[offset..<min(bytes.count, offset + count)])
    }
  }
  if marks.count > 10_000 { fatalError("\(marks.count) chapters from \(size) bytes") }
  return 0
}
