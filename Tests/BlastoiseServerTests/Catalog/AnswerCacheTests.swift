import BlastoiseHTTP
import Synchronization
import Testing

@testable import BlastoiseServer

@Suite struct AnswerCacheTests {
  /// Answers of 10 bytes, counted as they are made.
  final class Made: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }

    func answer(_ status: HTTPStatus = .ok) -> HTTPResponse {
      count.withLock { $0 += 1 }
      return HTTPResponse(status: status, body: .bytes(Array(repeating: 0, count: 10)))
    }
  }

  @Test func anAnswerIsMadeOncePerGeneration() async throws {
    let cache = AnswerCache<HTTPResponse>(capacityBytes: 1_000)
    let made = Made()
    for _ in 0..<3 { _ = try await cache.answer("a", generation: 1) { made.answer() } }
    #expect(made.value == 1)
    _ = try await cache.answer("a", generation: 2) { made.answer() }
    _ = try await cache.answer("a", generation: 2) { made.answer() }
    #expect(made.value == 2)
  }

  @Test func anAnswerReadAtAnOlderGenerationIsNotKept() async throws {
    let cache = AnswerCache<HTTPResponse>(capacityBytes: 1_000)
    let made = Made()
    _ = try await cache.answer("new", generation: 5) { made.answer() }
    _ = try await cache.answer("a", generation: 4) { made.answer() }
    _ = try await cache.answer("a", generation: 5) { made.answer() }
    #expect(made.value == 3)
  }

  @Test func theOldestGoBeyondTheCapacityAndOnlySuccessesAreKept() async throws {
    let cache = AnswerCache<HTTPResponse>(capacityBytes: 25)
    let made = Made()
    for key in ["a", "b", "c"] { _ = try await cache.answer(key, generation: 1) { made.answer() } }
    _ = try await cache.answer("c", generation: 1) { made.answer() }
    _ = try await cache.answer("b", generation: 1) { made.answer() }
    #expect(made.value == 3)
    _ = try await cache.answer("a", generation: 1) { made.answer() }
    #expect(made.value == 4)
    for _ in 0..<2 { _ = try await cache.answer("x", generation: 1) { made.answer(HTTPStatus.notFound) } }
    #expect(made.value == 6)
  }
}
