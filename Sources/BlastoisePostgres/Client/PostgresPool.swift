import Synchronization

/// Up to `poolSize` lanes, each made on first need; while all are out, callers wait their turn
/// (first come, first served) without holding a thread.
final class PostgresPool: Sendable {
  private struct State {
    var idle: [PostgresLane] = []
    var made = 0
    var out = 0
    var waiting: [CheckedContinuation<PostgresLane, any Error>] = []
    var closed = false
    var drained: [CheckedContinuation<Void, Never>] = []
  }

  private let settings: PostgresSettings
  private let state = Mutex(State())

  init(settings: PostgresSettings) {
    self.settings = settings
  }

  /// Runs `body` with a lane of its own, handed back afterwards, also when `body` throws.
  func withLane<T>(_ body: (PostgresLane) async throws -> T) async throws -> T {
    let lane = try await checkout()
    do {
      let result = try await body(lane)
      checkin(lane)
      return result
    } catch {
      checkin(lane)
      throw error
    }
  }

  /// Refuses new work, waits until every lane is back, then closes their connections.
  func close() async {
    let waiting = state.withLock { state in
      state.closed = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for waiter in waiting { waiter.resume(throwing: PostgresError.closed) }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      let drained = state.withLock { state in
        if state.out == 0 { return true }
        state.drained.append(done)
        return false
      }
      if drained { done.resume() }
    }
    for lane in state.withLock({ $0.idle }) { await lane.close() }
  }

  private func checkout() async throws -> PostgresLane {
    try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<PostgresLane, any Error>) in
      let ready = state.withLock { state -> Result<PostgresLane, any Error>? in
        guard !state.closed else { return .failure(PostgresError.closed) }
        if let lane = state.idle.popLast() {
          state.out += 1
          return .success(lane)
        }
        guard state.made < settings.poolSize else {
          state.waiting.append(waiter)
          return nil
        }
        state.made += 1
        state.out += 1
        return .success(PostgresLane(settings: settings, number: state.made))
      }
      if let ready { waiter.resume(with: ready) }
    }
  }

  private func checkin(_ lane: PostgresLane) {
    let (next, drained) = state.withLock {
      state -> (CheckedContinuation<PostgresLane, any Error>?, [CheckedContinuation<Void, Never>]) in
      if !state.waiting.isEmpty { return (state.waiting.removeFirst(), []) }  // handed on: still out
      state.out -= 1
      state.idle.append(lane)
      guard state.closed, state.out == 0 else { return (nil, []) }
      defer { state.drained = [] }
      return (nil, state.drained)
    }
    next?.resume(returning: lane)
    for waiter in drained { waiter.resume() }
  }
}
