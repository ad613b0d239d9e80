import Foundation

// libFuzzer entry for OPML import and export. Besides crashes and hangs it traps when feed URLs
// repeat, or when the subscriptions imported, written back out, do not import to the same URLs
// (export escapes everything import can read).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOPML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard let subscriptions = try? OPMLParser.parse(Data(bytes: data, count: size), maxSubscriptions: 100) else {
    return 0
  }
  let urls = subscriptions.map(\.feedURL)
  if Set(urls).count != urls.count { fatalError("duplicate feed URLs \(urls)") }
  let written = OPMLWriter.document(title: "fuzz", subscriptions: subscriptions)
  guard let again = try? OPMLParser.parse(Data(written.utf8)) else { fatalError("export does not parse: \(written)") }
  if again.map(\.feedURL) != urls { fatalError("round trip changed \(urls) to \(again.map(\.feedURL))") }
  return 0
}
