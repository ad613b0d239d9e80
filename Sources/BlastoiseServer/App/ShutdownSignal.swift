import Dispatch
import Foundation
import Synchronization

/// Waits for SIGTERM or SIGINT without a signal handler doing real work (Dispatch delivers it).
enum ShutdownSignal {
  static func next() async -> String {
    await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
      let waiter = Waiter(continuation)
      // A queue of its own (serial queues get their own thread): a busy global pool must not
      // delay the shutdown signal.
      let queue = DispatchQueue(label: "shutdown-signals")
      for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler { waiter.resume(name) }
        source.resume()
        waiter.keep(source)
      }
    }
  }

  private final class Waiter: Sendable {
    private let state: Mutex<(CheckedContinuation<String, Never>?, [any DispatchSourceSignal])>

    init(_ continuation: CheckedContinuation<String, Never>) {
      state = Mutex((continuation, []))
    }

    func keep(_ source: any DispatchSourceSignal) {
      state.withLock { $0.1.append(source) }
    }

    func resume(_ name: String) {
      let continuation = state.withLock { state in
        defer { state.0 = nil }
        return state.0
      }
      continuation?.resume(returning: name)
    }
  }
}
