import BlastoiseCore
import BlastoiseProtocol
import Foundation

/// The resized covers `GET /api/covers/:id` answers, made from the kept picture on first request
/// (libvips, on lanes of their own, off the Swift pool) and kept beside it.
public final class CoverVariants: Sendable {
  public let store: CoverStore
  private let log: @Sendable (String) -> Void
  private let lanes = WorkerLanes(label: "blastoise.covers", count: ProcessInfo.processInfo.activeProcessorCount)
  private let made = MadeFiles()

  public init(store: CoverStore, log: @escaping @Sendable (String) -> Void = { _ in }) {
    self.store = store
    self.log = log
  }

  /// The file holding cover `id` shrunk to fit `size` × `size` in `format`, made if need be. Nil
  /// when there is no such cover or its picture cannot be decoded (logged).
  public func file(_ id: String, fitting size: Int, as format: CoverFormat) async -> String? {
    guard CoverID.isValid(id) else { return nil }
    let path = store.variantPath(id, size: size, format: format)
    return await made.file(path) {
      guard let original = self.store.original(id) else { return .noSource }
      return await self.make(path, from: original.path, fitting: size, as: format)
    }
  }

  private func make(_ path: String, from original: String, fitting size: Int, as format: CoverFormat) async
    -> MadeFiles.Making
  {
    do {
      try await lanes.run {
        guard let data = FileManager.default.contents(atPath: original) else {
          throw CoverRefusal("cannot read it")
        }
        let bytes = [UInt8](data)
        _ = try CoverCheck.check(bytes).get()
        try self.store.save(Vips.thumbnail(of: bytes, fitting: size, as: format), to: path)
      }
      return .made
    } catch {
      log("covers: cannot make \(path) from \(original): \(error)")
      return .failed
    }
  }
}
