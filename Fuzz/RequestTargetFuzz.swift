// libFuzzer entry for request-target parsing: percent-decoding and query splitting must refuse
// or decode, never crash, and never produce a segment holding a NUL; each query value is the
// first of its name's pairs (repeated names are all kept, in order, for the Subsonic API).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let raw = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  if let target = try? RequestTarget(parsing: raw) {
    if target.segments.contains(where: { $0.contains("\0") }) { fatalError("NUL in a decoded segment") }
    for (name, value) in target.query where target.queryPairs.first(where: { $0.name == name })?.value != value {
      fatalError("query[\(name)] is not its first pair")
    }
    if Set(target.queryPairs.map(\.name)) != Set(target.query.keys) { fatalError("pairs and query disagree") }
  }
  return 0
}
