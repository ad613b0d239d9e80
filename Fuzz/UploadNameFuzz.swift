import BlastoiseCore

// libFuzzer entry for the names uploads are stored under. The input is a client's file name.
// Besides crashes it traps when a name the upload check accepts (`AudioFormats`) gets no stored
// name, or when a stored name (first, second or thousandth of its kind)
//   - is longer than `UploadName.maxBytes` bytes, or holds a slash, a backslash or a character
//     `String.isUnsafeInNames` refuses (controls, separators, bidi marks), or is hidden (the scanner skips names starting with a dot);
//   - loses the client's extension, or is not taken as audio by the scanner;
//   - is stored under yet another name when it is uploaded again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUploadName(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let clientName = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let name = UploadName(clientName: clientName) else {
    if AudioFormats.acceptedExtension(of: clientName) != nil {
      fatalError("\(clientName.debugDescription) has no name")
    }
    return 0
  }
  for number in [1, 2, 999] {
    let stored = name.fileName(number)
    let scalars = stored.unicodeScalars
    func fail(_ problem: String) -> Never {
      fatalError("\(clientName.debugDescription) → \(stored.debugDescription) \(problem)")
    }
    if stored.utf8.count > UploadName.maxBytes { fail("is too long") }
    if scalars.contains(where: { $0 == "/" || $0 == "\\" || String.isUnsafeInNames($0) }) { fail("is unsafe") }
    if scalars.first == "." { fail("is hidden") }
    if !stored.utf8.reversed().starts(with: ("." + name.fileExtension).utf8.reversed()) {
      fail("lost the extension \(name.fileExtension)")
    }
    if AudioFormats.acceptedExtension(of: stored) != name.fileExtension.lowercased() { fail("is not audio") }
    if number == 1, UploadName(clientName: stored)?.fileName() != stored { fail("is renamed when sent again") }
  }
  return 0
}
