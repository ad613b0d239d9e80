// libFuzzer entry for request-target parsing: percent-decoding and query splitting must refuse
// or decode, never crash, and never produce a segment holding a NUL.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let raw = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  if let target = try? RequestTarget(parsing: raw) {
    if target.segments.contains(where: { $0.contains("\0") }) { fatalError("NUL in a decoded segment") }
  }
  return 0
}
