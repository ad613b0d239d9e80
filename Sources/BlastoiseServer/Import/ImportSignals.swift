import Foundation

/// A flag set from one thread and read from another.
final class ImportFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}

/// Resumes a continuation exactly once (a result and a timeout race).
final class ImportResumeOnce<T: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var continuation: CheckedContinuation<T, any Error>?

  func set(_ continuation: CheckedContinuation<T, any Error>) {
    lock.withLock { self.continuation = continuation }
  }

  func resume(with result: Result<T, some Error>) {
    let taken = lock.withLock { () -> CheckedContinuation<T, any Error>? in
      defer { continuation = nil }
      return continuation
    }
    taken?.resume(with: result.mapError { $0 as any Error })
  }

  func resume(throwing error: any Error) { resume(with: Result<T, any Error>.failure(error)) }
}
