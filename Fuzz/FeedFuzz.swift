import Foundation

// libFuzzer entry for the RSS/Atom parser and the chapters JSON parser (the same bytes go to
// both). Besides crashes and hangs it traps when a parsed feed breaks its promises: episode guids
// non-empty and unique, no more episodes than the cap, no field longer than the cap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeeds(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  let limits = FeedLimits(maxItems: 50, maxFieldLength: 512, maxListEntries: 8)
  if let feed = try? FeedParser.parse(bytes, limits: limits) {
    let guids = feed.episodes.map(\.guid)
    if guids.contains(where: \.isEmpty) { fatalError("empty guid") }
    if Set(guids).count != guids.count { fatalError("duplicate guids \(guids)") }
    if feed.episodes.count > limits.maxItems { fatalError("\(feed.episodes.count) episodes") }
    let texts = [feed.title, feed.description] + feed.episodes.flatMap { [$0.title, $0.description] }
    if texts.contains(where: { ($0?.count ?? 0) > limits.maxFieldLength }) { fatalError("field over the cap") }
  }
  if let chapters = try? ChaptersParser.parse(bytes) {
    if zip(chapters, chapters.dropFirst()).contains(where: { $0.startTime > $1.startTime }) {
      fatalError("chapters not sorted")
    }
  }
  return 0
}
