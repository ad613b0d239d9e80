import BlastoiseCore
import BlastoiseProtocol
import Foundation
import Synchronization

/// The resized covers `GET /api/covers/:id` answers, made from the kept picture on first request
/// (libvips, on lanes of their own, off the Swift pool) and kept beside it for every request
/// after. Requests that arrive together for one variant — every listener of a room opening the
/// same cover — wait for one thumbnail. A picture that cannot be decoded is tried (and logged)
/// once per process.
public final class CoverVariants: Sendable {
  public let store: CoverStore
  private let log: @Sendable (String) -> Void
  private let lanes = WorkerLanes(label: "blastoise.covers", count: ProcessInfo.processInfo.activeProcessorCount)
  private struct State {
    /// By variant path.
    var making: [String: Task<String?, Never>] = [:]
    var failed: Set<String> = []
  }
  private let state = Mutex(State())

  public init(store: CoverStore, log: @escaping @Sendable (String) -> Void = { _ in }) {
    self.store = store
    self.log = log
  }

  /// The file holding cover `id` shrunk to fit `size` × `size` in `format`, made if need be. Nil
  /// when there is no such cover or its picture cannot be decoded (logged).
  public func file(_ id: String, fitting size: Int, as format: CoverFormat) async -> String? {
    guard CoverID.isValid(id) else { return nil }
    let path = store.variantPath(id, size: size, format: format)
    if access(path, F_OK) == 0 { return path }
    guard let original = store.original(id) else { return nil }
    let task = state.withLock { state -> Task<String?, Never>? in
      if let running = state.making[path] { return running }
      guard !state.failed.contains(path) else { return nil }
      let started = Task { await self.make(path, from: original.path, fitting: size, as: format) }
      state.making[path] = started
      return started
    }
    guard let task else { return nil }
    let made = await task.value
    state.withLock { state in
      state.making[path] = nil
      if made == nil { state.failed.insert(path) }
    }
    return made
  }

  private func make(_ path: String, from original: String, fitting size: Int, as format: CoverFormat) async -> String? {
    do {
      try await lanes.run {
        guard let data = FileManager.default.contents(atPath: original) else {
          throw CoverRefusal("cannot read it")
        }
        let bytes = [UInt8](data)
        _ = try CoverCheck.check(bytes).get()
        try self.store.save(Vips.thumbnail(of: bytes, fitting: size, as: format), to: path)
      }
      return path
    } catch {
      log("covers: cannot make \(path) from \(original): \(error)")
      return nil
    }
  }
}
