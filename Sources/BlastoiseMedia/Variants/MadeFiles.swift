import Foundation
import Synchronization

/// Files made on first request and kept on disk for every request after (a cover's sizes, a
/// photo's thumbnails). Requests that arrive together for one file — every listener of a room
/// opening the same cover — wait for one making; a file that could not be made is tried once per
/// process, so a picture that cannot be decoded is not decoded again on every request.
public final class MadeFiles: Sendable {
  public enum Making: Sendable {
    /// The file is there now.
    case made
    /// It could not be made (remembered).
    case failed
    /// There is nothing to make it from (not remembered: a request for something that does not
    /// exist must not grow the set of failures).
    case noSource
  }

  private struct State {
    var making: [String: Task<Making, Never>] = [:]
    var failed: Set<String> = []
  }
  private let state = Mutex(State())

  public init() {}

  /// `path` when it exists or `make` made it; nil when it failed, now or before, or has no source.
  public func file(_ path: String, make: @escaping @Sendable () async -> Making) async -> String? {
    if access(path, F_OK) == 0 { return path }
    let task = state.withLock { state -> Task<Making, Never>? in
      if let running = state.making[path] { return running }
      guard !state.failed.contains(path) else { return nil }
      let started = Task { await make() }
      state.making[path] = started
      return started
    }
    guard let task else { return nil }
    let outcome = await task.value
    state.withLock { state in
      state.making[path] = nil
      if case .failed = outcome { state.failed.insert(path) }
    }
    if case .made = outcome { return path }
    return nil
  }
}
