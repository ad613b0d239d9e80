import BlastoiseCore

/// Runs `round` every `tickSeconds` and at once when woken, one round at a time: what the podcast
/// scheduler and the episode downloader each run on every node. One pending wake is kept — a
/// round reads everything that is due when it starts.
final class PeriodicRounds: Sendable {
  private let wakes: AsyncStream<Void>.Continuation
  private let rounds: Task<Void, Never>
  private let ticker: Task<Void, Never>

  init(clock: any WallClock, tickSeconds: Double, round: @escaping @Sendable () async -> Void) {
    let (stream, wakes) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    self.wakes = wakes
    rounds = Task {
      for await _ in stream { await round() }
    }
    ticker = Task {
      wakes.yield()
      while !Task.isCancelled {
        do { try await clock.sleep(for: tickSeconds) } catch { return }
        wakes.yield()
      }
    }
  }

  func wake() { wakes.yield() }

  /// Ends the rounds without waiting for work in flight.
  func stop() {
    ticker.cancel()
    wakes.finish()
    rounds.cancel()
  }

  /// Runs `body` for each item, at most `width` at once.
  static func each<Item: Sendable>(
    _ items: [Item], width: Int, _ body: @escaping @Sendable (Item) async -> Void
  ) async {
    await withTaskGroup(of: Void.self) { group in
      var pending = items[...]
      func startNext() {
        guard let item = pending.popFirst() else { return }
        group.addTask { await body(item) }
      }
      for _ in 0..<max(1, width) { startNext() }
      while await group.next() != nil { startNext() }
    }
  }
}
