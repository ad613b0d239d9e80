/// How one file goes up: whole in one request when small, else resumable (tus) in chunks, so a
/// lost connection costs at most a chunk. Failures are retried with a growing wait.
public enum UploadPlan: Sendable, Equatable {
  case whole
  case resumable(chunkBytes: Int)

  /// Files up to this size go whole.
  public static let wholeLimit: Int64 = 8 << 20
  public static let chunkBytes = 8 << 20

  public static func forFile(size: Int64) -> UploadPlan {
    size <= wholeLimit ? .whole : .resumable(chunkBytes: chunkBytes)
  }
}

/// Retries after a failure that may pass (no connection, a 5xx, a 409 from a racing chunk):
/// 0.5 s, 1 s, 2 s… up to 30 s, `maxAttempts` tries in all. A refusal that will not pass (4xx
/// but 408, 409, 423 and 429) is not retried. The default waits 61.5 s in all: longer than a
/// server takes to give up on a connection that went quiet (30 s), which is how long a chunk
/// sent on a lost connection can keep its upload locked (423).
public struct RetryPolicy: Sendable, Equatable {
  public var maxAttempts: Int

  public init(maxAttempts: Int = 8) { self.maxAttempts = max(1, maxAttempts) }

  /// Seconds to wait before try `attempt` (1 is the first retry); nil when no try is left.
  public func delay(beforeRetry attempt: Int) -> Double? {
    guard attempt >= 1, attempt < maxAttempts else { return nil }
    return min(30, 0.5 * Double(1 << min(attempt - 1, 10)))
  }

  /// Whether a failure with this HTTP status (nil: no answer at all) may pass.
  public static func isTransient(status: Int?) -> Bool {
    guard let status else { return true }
    return status >= 500 || [408, 409, 423, 429].contains(status)
  }
}
