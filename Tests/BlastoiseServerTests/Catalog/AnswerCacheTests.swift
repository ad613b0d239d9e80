import BlastoiseHTTP
import Synchronization
import Testing

@testable import BlastoiseServer

@Suite struct AnswerCacheTests {
  /// An answer of `bytes` bytes that counts how often it was made.
  static func maker(_ made: Mutex<Int>, bytes: Int = 10, status: HTTPStatus = .ok) -> () async throws -> HTTPResponse {
    {
      made.withLock { $0 += 1 }
      return HTTPResponse(status: status, body: .bytes(Array(repeating: 0, count: bytes)))
    }
  }

  @Test func anAnswerIsMadeOncePerGeneration() async throws {
    let cache = AnswerCache(capacityBytes: 1_000)
    let made = Mutex(0)
    for _ in 0..<3 { _ = try await cache.answer("a", generation: 1, make: Self.maker(made)) }
    #expect(made.withLock { $0 } == 1)
    _ = try await cache.answer("a", generation: 2, make: Self.maker(made))
    _ = try await cache.answer("a", generation: 2, make: Self.maker(made))
    #expect(made.withLock { $0 } == 2)
  }

  @Test func anAnswerReadAtAnOlderGenerationIsNotKept() async throws {
    let cache = AnswerCache(capacityBytes: 1_000)
    let made = Mutex(0)
    _ = try await cache.answer("new", generation: 5, make: Self.maker(made))
    _ = try await cache.answer("a", generation: 4, make: Self.maker(made))
    _ = try await cache.answer("a", generation: 5, make: Self.maker(made))
    #expect(made.withLock { $0 } == 3)
  }

  @Test func theOldestGoBeyondTheCapacityAndOnlySuccessesAreKept() async throws {
    let cache = AnswerCache(capacityBytes: 25)
    let made = Mutex(0)
    for key in ["a", "b", "c"] { _ = try await cache.answer(key, generation: 1, make: Self.maker(made)) }
    _ = try await cache.answer("c", generation: 1, make: Self.maker(made))
    _ = try await cache.answer("b", generation: 1, make: Self.maker(made))
    #expect(made.withLock { $0 } == 3)
    _ = try await cache.answer("a", generation: 1, make: Self.maker(made))
    #expect(made.withLock { $0 } == 4)
    for _ in 0..<2 { _ = try await cache.answer("x", generation: 1, make: Self.maker(made, status: .notFound)) }
    #expect(made.withLock { $0 } == 6)
  }
}
