import Dispatch
import Synchronization

/// A fixed set of serial queues for CPU-heavy blocking work (hashing files, argon2id). Each
/// serial queue gets a thread of its own while busy; `DispatchQueue.global()`, concurrent queues
/// and `concurrentPerform` draw from the threads Swift's concurrency pool runs on under Linux,
/// so blocking work there starves every request and socket.
public final class WorkerLanes: Sendable {
  private let lanes: [DispatchQueue]
  private let next = Mutex(0)

  public init(label: String, count: Int) {
    lanes = (0..<max(1, count)).map { DispatchQueue(label: "\(label).\($0)") }
  }

  public var count: Int { lanes.count }

  /// Runs `work` on the next lane (round robin) and awaits it.
  public func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    let lane = next.withLock { index in
      defer { index = (index + 1) % lanes.count }
      return lanes[index]
    }
    return try await BlockingWork.run(on: lane, work)
  }

  /// Runs `work(i)` for every `i` in `0..<iterations`, spread over the lanes, and returns when all
  /// are done. It blocks the calling thread: call it from a queue, never from the pool.
  public func forEach(_ iterations: Int, _ work: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for (offset, lane) in lanes.enumerated() where offset < iterations {
      lane.async(group: group) {
        for index in stride(from: offset, to: iterations, by: self.lanes.count) { work(index) }
      }
    }
    group.wait()
  }
}
