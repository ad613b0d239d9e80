import Synchronization

/// A first-come-first-served lock for async code: waiters suspend instead of blocking a thread.
/// It keeps one transaction's statements together while its body awaits between them, a room's
/// changes in order, and a native host's inputs one at a time. (Here, beside the room clock, as
/// what server and clients both build on.)
public final class AsyncGate: Sendable {
  private struct State {
    var locked = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  public init() {}

  public func lock() async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let acquired = state.withLock { state in
        if state.locked {
          state.waiters.append(waiter)
          return false
        }
        state.locked = true
        return true
      }
      if acquired { waiter.resume() }
    }
  }

  /// Hands the lock to the longest waiter, or frees it.
  public func unlock() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiters.isEmpty else {
        state.locked = false
        return nil
      }
      return state.waiters.removeFirst()
    }
    next?.resume()
  }

  public func withLock<T>(_ body: () async throws -> T) async rethrows -> T {
    await lock()
    defer { unlock() }
    return try await body()
  }
}
