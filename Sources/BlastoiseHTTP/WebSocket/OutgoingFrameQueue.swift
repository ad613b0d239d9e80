/// The frames waiting for a slow socket, bounded in bytes. A frame sent with a coalescing key
/// replaces an unsent frame with the same key (a newer room state makes the older one useless),
/// so a client that lags gets the newest state rather than a backlog.
struct OutgoingFrameQueue: Sendable {
  private struct Item: Sendable {
    var bytes: ArraySlice<UInt8>
    /// nil once partly written: a half-sent frame can never be replaced.
    var key: String?
  }

  let limitBytes: Int
  private var items: [Item] = []
  private(set) var byteCount = 0

  init(limitBytes: Int) {
    self.limitBytes = limitBytes
  }

  var isEmpty: Bool { items.isEmpty }

  /// False when the frame does not fit: the client stays too far behind.
  mutating func enqueue(_ bytes: ArraySlice<UInt8>, coalescingKey key: String?, force: Bool = false) -> Bool {
    if let key, let index = items.firstIndex(where: { $0.key == key }) {
      byteCount -= items[index].bytes.count
      items.remove(at: index)
    }
    guard force || byteCount + bytes.count <= limitBytes else { return false }
    items.append(Item(bytes: bytes, key: key))
    byteCount += bytes.count
    return true
  }

  /// Offers the queued bytes, oldest first, to `write`, which returns how many it took (or nil
  /// when the socket is full or failed). Stops at the first short write.
  mutating func drain(_ write: (ArraySlice<UInt8>) -> Int?) {
    while let first = items.first {
      guard let written = write(first.bytes), written > 0 else { return }
      byteCount -= written
      if written < first.bytes.count {
        items[0].bytes = first.bytes.dropFirst(written)
        items[0].key = nil
        return
      }
      items.removeFirst()
    }
  }
}
