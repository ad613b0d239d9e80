/// Runs `body`, then `cleanup`, also when `body` throws: the `defer` async code cannot write.
public func withAsyncCleanup<T>(_ body: () async throws -> T, cleanup: () async -> Void) async throws -> T {
  do {
    let result = try await body()
    await cleanup()
    return result
  } catch {
    await cleanup()
    throw error
  }
}
