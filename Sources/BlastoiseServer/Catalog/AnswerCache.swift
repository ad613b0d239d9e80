import BlastoiseHTTP
import Synchronization

/// Catalog answers, kept by key. The catalog changes only with the library, so an answer read at
/// one generation of the library (`LibraryService.generation`) holds until the next change, and a
/// newer generation empties the cache. Beyond `capacityBytes` (each answer weighs what its JSON
/// does) the oldest answers go. Guests' answers are kept as responses (`HTTPResponse`); signed-in
/// people's as the store read them, encoded (`EncodedRead`), since each person sees their own
/// annotations put into them.
/// (Encoding a page of 100 albums costs ~1.5 ms of JSONEncoder; a cached one costs nothing.)
final class AnswerCache<Answer: Sendable>: Sendable {
  private struct State {
    var generation: UInt64 = 0
    var answers: [String: (answer: Answer, bytes: Int)] = [:]
    /// Keys, oldest first.
    var order: [String] = []
    var bytes = 0
  }

  private let state = Mutex(State())
  let capacityBytes: Int

  init(capacityBytes: Int) {
    self.capacityBytes = capacityBytes
  }

  /// The answer kept for `key` at `generation`, if any.
  func cached(_ key: String, generation: UInt64) -> Answer? {
    state.withLock { $0.generation == generation ? $0.answers[key]?.answer : nil }
  }

  /// Keeps `answer`, read at `generation` (read it before the store is: an answer read across a
  /// change is kept under the older one, so never served).
  func keep(_ answer: Answer, bytes: Int, for key: String, generation: UInt64) {
    state.withLock { state in
      if state.generation < generation { state = State(generation: generation) }
      guard state.generation == generation, state.answers.updateValue((answer, bytes), forKey: key) == nil else {
        return
      }
      state.order.append(key)
      state.bytes += bytes
      while state.bytes > capacityBytes, !state.order.isEmpty {
        if let old = state.answers.removeValue(forKey: state.order.removeFirst()) { state.bytes -= old.bytes }
      }
    }
  }
}

extension AnswerCache where Answer == HTTPResponse {
  /// The answer cached for `key` at `generation`, or `make`'s, kept when it is a 200.
  func answer(
    _ key: String, generation: UInt64, make: () async throws -> HTTPResponse
  ) async throws -> HTTPResponse {
    if let cached = cached(key, generation: generation) { return cached }
    let response = try await make()
    guard response.status == .ok, case .bytes(let body) = response.body else { return response }
    keep(response, bytes: body.count, for: key, generation: generation)
    return response
  }
}
