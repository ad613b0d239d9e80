// libFuzzer entry for the `Cookie` header parser. Besides crashes it traps when a parsed name or
// value (as sent, before its quotes are taken off) holds a `;` or blanks at its ends (the header
// was split or trimmed in the wrong places), when `values(named:)` does not give the value
// `parse` found for a name first (asked for eight names), or when the cookies written back as a
// header (every value quoted) do not parse to themselves.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCookies(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let header = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let cookies = CookieHeader.parse(header)
  let blanks: Set<Unicode.Scalar> = [" ", "\t"]
  func checkSplitAndTrimmed(_ text: String) {
    let scalars = text.unicodeScalars
    if scalars.contains(";") { fatalError("\(text.debugDescription) holds a ';'") }
    if let first = scalars.first, let last = scalars.last, blanks.contains(first) || blanks.contains(last) {
      fatalError("\(text.debugDescription) is not trimmed")
    }
  }
  cookies.keys.forEach(checkSplitAndTrimmed)
  // `values(named:)` reads the whole header: asked for a few names only, the check stays linear.
  for name in cookies.keys.sorted().prefix(8) {
    let value = cookies[name]!
    let sent = CookieHeader.values(named: name, in: header).first ?? ""
    checkSplitAndTrimmed(sent)
    if sent != value && sent != "\"\(value)\"" { fatalError("\(name.debugDescription): \(sent) vs \(value)") }
  }
  let written = cookies.map { "\($0.key)=\"\($0.value)\"" }.joined(separator: "; ")
  if CookieHeader.parse(written) != cookies { fatalError("\(written.debugDescription) does not parse back") }
  return 0
}
