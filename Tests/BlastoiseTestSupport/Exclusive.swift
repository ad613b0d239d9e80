import Testing

/// `.exclusive`: the heavy tests that cannot share this machine's cores with each other (real
/// players and servers in child processes, floods of hundreds of megabytes, downloads) run one
/// at a time, on purpose. Every test module in the test binary shares the one lock. The lock is
/// awaited, so a waiting test holds no thread.
public struct ExclusiveTrait: TestTrait, SuiteTrait, TestScoping {
  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // Test cases take the lock; a suite only passes it on to its tests.
    guard testCase != nil else { return try await function() }
    await HeavyTestLock.shared.acquire()
    do {
      try await function()
    } catch {
      await HeavyTestLock.shared.release()
      throw error
    }
    await HeavyTestLock.shared.release()
  }
}

extension Trait where Self == ExclusiveTrait {
  public static var exclusive: Self { ExclusiveTrait() }
}

/// A first-come, first-served async lock.
actor HeavyTestLock {
  static let shared = HeavyTestLock()
  private var held = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func acquire() async {
    guard held else {
      held = true
      return
    }
    await withCheckedContinuation { waiters.append($0) }
  }

  func release() {
    if waiters.isEmpty {
      held = false
    } else {
      waiters.removeFirst().resume()  // handed over: still held
    }
  }
}
