import BlastoiseCore
import Synchronization

/// A `WallClock` that only moves when the test says so: `sleep(until:)` suspends until
/// `advance` reaches the deadline (or the sleeping task is cancelled).
final class ManualClock: WallClock {
  private struct Sleeper {
    let id: UInt64
    let deadline: Double
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now: Double
    var nextID: UInt64 = 0
    var sleepers: [Sleeper] = []
  }

  private let state: Mutex<State>

  init(now: Double = 1_700_000_000) {
    state = Mutex(State(now: now))
  }

  func now() -> Double { state.withLock { $0.now } }

  /// How many tasks are asleep on this clock.
  var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  func sleep(until deadline: Double) async throws {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let wake: Result<Void, any Error>? = state.withLock { state in
          // Checked under the lock, so a cancel that ran before the sleeper was added is seen.
          if Task.isCancelled { return .failure(CancellationError()) }
          if state.now >= deadline { return .success(()) }
          state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return nil
        }
        if let wake { continuation.resume(with: wake) }
      }
    } onCancel: {
      let sleeper = state.withLock { state in
        state.sleepers.firstIndex { $0.id == id }.map { state.sleepers.remove(at: $0) }
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time on and wakes every sleeper whose deadline has come.
  func advance(by seconds: Double) {
    let due = state.withLock { state in
      state.now += seconds
      let now = state.now
      let due = state.sleepers.filter { $0.deadline <= now }
      state.sleepers.removeAll { $0.deadline <= now }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }
}
