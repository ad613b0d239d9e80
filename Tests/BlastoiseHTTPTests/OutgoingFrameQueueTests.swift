import Testing

@testable import BlastoiseHTTP

/// The send queue's rules without a socket: `drain` is given a writer that takes what a test says.
struct OutgoingFrameQueueTests {
  static func bytes(_ tag: UInt8, _ count: Int) -> ArraySlice<UInt8> { ArraySlice(repeating: tag, count: count) }

  /// `enqueue` outside `#expect`, whose expansion cannot call a mutating method.
  static func add(
    _ queue: inout OutgoingFrameQueue, _ bytes: ArraySlice<UInt8>, coalescingKey: String?, force: Bool = false
  ) -> Bool {
    queue.enqueue(bytes, coalescingKey: coalescingKey, force: force)
  }

  /// Drains everything and returns the first byte of each frame written, in order.
  static func sent(_ queue: inout OutgoingFrameQueue) -> [UInt8] {
    var tags: [UInt8] = []
    queue.drain { chunk in
      tags.append(chunk.first ?? 0)
      return chunk.count
    }
    return tags
  }

  @Test func aFrameWithAKeyIsTakenWhateverItsSize() {
    var queue = OutgoingFrameQueue(limitBytes: 100)
    #expect(Self.add(&queue, Self.bytes(1, 1000), coalescingKey: "state"))
    #expect(queue.byteCount == 1000)
    // Ordered frames still have the whole limit.
    #expect(Self.add(&queue, Self.bytes(2, 100), coalescingKey: nil))
    #expect(!Self.add(&queue, Self.bytes(3, 1), coalescingKey: nil))
  }

  @Test func aNewerFrameReplacesItsKeyAndTheKeysItNamesAndGoesToTheBack() {
    var queue = OutgoingFrameQueue(limitBytes: 100)
    _ = queue.enqueue(Self.bytes(1, 10), coalescingKey: "full")
    _ = queue.enqueue(Self.bytes(2, 10), coalescingKey: nil)
    _ = queue.enqueue(Self.bytes(3, 10), coalescingKey: "light")
    _ = queue.enqueue(Self.bytes(4, 10), coalescingKey: "list")
    _ = queue.enqueue(Self.bytes(5, 10), coalescingKey: "full", replacing: ["light"])
    #expect(queue.byteCount == 30)
    #expect(Self.sent(&queue) == [2, 4, 5])
  }

  @Test func aLightFrameDoesNotReplaceAFullOne() {
    var queue = OutgoingFrameQueue(limitBytes: 100)
    _ = queue.enqueue(Self.bytes(1, 10), coalescingKey: "full", replacing: ["light"])
    _ = queue.enqueue(Self.bytes(2, 10), coalescingKey: "light")
    _ = queue.enqueue(Self.bytes(3, 10), coalescingKey: "light")
    #expect(Self.sent(&queue) == [1, 3])
  }

  @Test func aPartlyWrittenFrameIsFinishedNotReplaced() {
    var queue = OutgoingFrameQueue(limitBytes: 100)
    _ = queue.enqueue(Self.bytes(1, 10), coalescingKey: "state")
    queue.drain { _ in 4 }  // 4 bytes out, then the socket is full
    _ = queue.enqueue(Self.bytes(2, 10), coalescingKey: "state")
    #expect(queue.byteCount == 16)
    var written: [ArraySlice<UInt8>] = []
    queue.drain { chunk in
      written.append(chunk)
      return chunk.count
    }
    #expect(written == [Self.bytes(1, 6), Self.bytes(2, 10)])
    #expect(queue.isEmpty && queue.byteCount == 0)
  }

  @Test func orderedFramesKeepTheirOrderAndTheLimitCountsOnlyTheUnstarted() {
    var queue = OutgoingFrameQueue(limitBytes: 20)
    #expect(Self.add(&queue, Self.bytes(1, 10), coalescingKey: nil))
    #expect(Self.add(&queue, Self.bytes(2, 10), coalescingKey: nil))
    #expect(!Self.add(&queue, Self.bytes(3, 1), coalescingKey: nil))
    #expect(Self.add(&queue, Self.bytes(4, 1), coalescingKey: nil, force: true))  // a control frame
    queue.drain { _ in 1 }  // frame 1 starts going out: it no longer counts
    #expect(!Self.add(&queue, Self.bytes(5, 10), coalescingKey: nil))
    #expect(Self.add(&queue, Self.bytes(6, 9), coalescingKey: nil))
    #expect(Self.sent(&queue) == [1, 2, 4, 6])
  }

  @Test func theRestOfAFrameWrittenStraightAwayIsInFlight() {
    var queue = OutgoingFrameQueue(limitBytes: 10)
    queue.enqueueInFlight(Self.bytes(1, 50))
    #expect(Self.add(&queue, Self.bytes(2, 10), coalescingKey: nil))
    _ = queue.enqueue(Self.bytes(3, 10), coalescingKey: "state")
    #expect(queue.byteCount == 70)
    #expect(Self.sent(&queue) == [1, 2, 3])
  }
}
