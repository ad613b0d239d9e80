/// The frames waiting for a slow socket, oldest first. Three kinds of entry:
///
/// - ordered frames (sent without a coalescing key) keep their order and are bounded together
///   by `limitBytes`: a client that falls that far behind on them cannot be kept;
/// - superseding frames (sent with a key) are at most one per key: a newer one replaces the
///   unsent older one, and those of any further keys it names, and goes to the back. They are
///   outside the limit because their number bounds them (the keys are a small fixed set) while
///   one may be larger than the limit: a room state with a 10,000-entry queue is 2.5 MiB;
/// - the head, once partly written, is in flight: it is finished first, never replaced.
///
/// So a client that keeps reading always gets the newest state, however large, and one client
/// holds at most `limitBytes` + the frame in flight + one frame per key (frames share their
/// storage with every other recipient, so this is an upper bound on what it costs).
struct OutgoingFrameQueue: Sendable {
  private enum Kind: Sendable {
    case ordered
    case superseding(key: String)
    case inFlight
  }

  private struct Item: Sendable {
    var bytes: ArraySlice<UInt8>
    var kind: Kind
  }

  let limitBytes: Int
  private var items: [Item] = []
  /// Everything queued.
  private(set) var byteCount = 0
  /// The ordered frames not yet started: what `limitBytes` bounds.
  private var orderedByteCount = 0

  init(limitBytes: Int) {
    self.limitBytes = limitBytes
  }

  var isEmpty: Bool { items.isEmpty }

  /// The rest of a frame that was partly written straight to the socket, the queue being empty.
  mutating func enqueueInFlight(_ bytes: ArraySlice<UInt8>) {
    items.append(Item(bytes: bytes, kind: .inFlight))
    byteCount += bytes.count
  }

  /// Queues a frame. With a key it replaces the unsent frame with that key and those with any of
  /// `replacing`. False when an ordered frame does not fit: the client stays too far behind.
  /// `force` lets an ordered frame past the limit (control frames, which are tiny).
  mutating func enqueue(
    _ bytes: ArraySlice<UInt8>, coalescingKey key: String?, replacing: [String] = [], force: Bool = false
  ) -> Bool {
    guard let key else {
      guard force || orderedByteCount + bytes.count <= limitBytes else { return false }
      items.append(Item(bytes: bytes, kind: .ordered))
      byteCount += bytes.count
      orderedByteCount += bytes.count
      return true
    }
    let superseded: (Item) -> Bool = { item in
      guard case .superseding(let queued) = item.kind else { return false }
      return queued == key || replacing.contains(queued)
    }
    byteCount -= items.filter(superseded).reduce(0) { $0 + $1.bytes.count }
    items.removeAll(where: superseded)
    items.append(Item(bytes: bytes, kind: .superseding(key: key)))
    byteCount += bytes.count
    return true
  }

  /// Offers the queued bytes, oldest first, to `write`, which returns how many it took (or nil
  /// when the socket is full or failed). Stops at the first short write.
  mutating func drain(_ write: (ArraySlice<UInt8>) -> Int?) {
    while let first = items.first {
      guard let written = write(first.bytes), written > 0 else { return }
      byteCount -= written
      // Once started, an ordered frame is in flight and no longer counts against the limit.
      if case .ordered = first.kind { orderedByteCount -= first.bytes.count }
      if written < first.bytes.count {
        items[0] = Item(bytes: first.bytes.dropFirst(written), kind: .inFlight)
        return
      }
      items.removeFirst()
    }
  }
}
