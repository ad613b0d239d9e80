// libFuzzer entry for the Range header parser: any header, any size, must yield a range inside
// the file or a refusal — never a crash or an out-of-bounds range.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzByteRange(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size >= 8 else { return 0 }
  var fileSize: UInt64 = 0
  for index in 0..<8 { fileSize = fileSize << 8 | UInt64(data[index]) }
  fileSize %= 1 << 40
  let header = String(decoding: UnsafeBufferPointer(start: data + 8, count: size - 8), as: UTF8.self)
  switch ByteRangeSelection.select(rangeHeader: header, size: fileSize) {
  case .partial(let first, let last):
    if first > last || last >= fileSize { fatalError("range \(first)-\(last) outside \(fileSize)") }
  case .whole, .unsatisfiable:
    break
  }
  return 0
}
