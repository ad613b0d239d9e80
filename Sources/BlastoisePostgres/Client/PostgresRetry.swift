/// How a transaction that lost a serialization conflict or a deadlock is run again: up to
/// `attempts` times in all, each after a random pause whose limit doubles up to a cap ("full
/// jitter"), so writers that collided spread out instead of colliding again. What stays lost
/// after the last attempt is the caller's 503 "try again".
struct PostgresRetry: Sendable {
  var attempts = 30
  var firstPause: Duration = .milliseconds(2)
  var longestPause: Duration = .milliseconds(250)

  func run<T>(_ work: () async throws -> T) async throws -> T {
    var attempt = 1
    while true {
      do {
        return try await work()
      } catch let error as PostgresError where error.isRetryable && attempt < attempts {
        try await Task.sleep(for: pause(before: attempt + 1))
        attempt += 1
      }
    }
  }

  private func pause(before attempt: Int) -> Duration {
    let limit = min(firstPause * (1 << min(attempt - 2, 20)), longestPause)
    return limit * Double.random(in: 0...1)
  }
}
