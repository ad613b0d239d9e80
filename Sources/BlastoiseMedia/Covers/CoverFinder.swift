import Foundation
import Synchronization

/// A track's cover, for the scan: its embedded picture, else (in the library's folders) its
/// folder's image — checked without decoding (`CoverCheck`), kept in the `CoverStore`, named by
/// ID. A picture that fails the check is logged and passed over (an embedded one for the folder's
/// image); the track is never skipped for it. Thumbnails are made later, on request.
public struct CoverFinder: Sendable {
  let store: CoverStore
  /// Nil: embedded pictures only.
  private let folders: FolderCovers?
  let log: @Sendable (String) -> Void

  /// For one scan of library folders: each folder's image is looked for once.
  public static func forScan(store: CoverStore, log: @escaping @Sendable (String) -> Void) -> CoverFinder {
    CoverFinder(store: store, folders: FolderCovers(), log: log)
  }

  /// Uploads and imports arrive in folders of the server's own, which hold no album's image.
  public static func embeddedOnly(store: CoverStore, log: @escaping @Sendable (String) -> Void) -> CoverFinder {
    CoverFinder(store: store, folders: nil, log: log)
  }

  /// The cover of the track at `path` that embeds `embedded` (read with its tags). Blocks on
  /// the store and the folder: call it from a scan or file queue.
  func coverID(forTrackAt path: String, embedded: EmbeddedPicture) -> String? {
    switch embedded {
    case .picture(let bytes):
      if let id = keep(bytes, from: "the picture in \(path)") { return id }
    case .tooLarge(let size):
      skip("the picture in \(path)", .tooLarge(size))
    case .none:
      break
    }
    let folder = (path as NSString).deletingLastPathComponent
    return folders?.coverID(of: folder) { folderCover(in: $0) }
  }

  private func folderCover(in folder: String) -> String? {
    guard let image = FolderImage.find(in: folder) else { return nil }
    guard image.size <= CoverCheck.maxBytes else {
      skip(image.path, .tooLarge(image.size))
      return nil
    }
    guard let data = FileManager.default.contents(atPath: image.path) else {
      skip(image.path, CoverRefusal("cannot read it"))
      return nil
    }
    return keep([UInt8](data), from: image.path)
  }

  private func keep(_ bytes: [UInt8], from source: String) -> String? {
    do throws(CoverRefusal) {
      return try store.keep(bytes)
    } catch {
      skip(source, error)
      return nil
    }
  }

  private func skip(_ source: String, _ refusal: CoverRefusal) {
    log("scan: skipped \(source) as a cover: \(refusal)")
  }
}

/// Each folder's cover, looked for once per scan however many of its tracks are read, on
/// whichever lane gets there first (the other waits: a folder's tracks are read side by side).
final class FolderCovers: Sendable {
  private let found = Mutex<[String: String?]>([:])

  func coverID(of folder: String, find: (String) -> String?) -> String? {
    found.withLock { found in
      if let known = found[folder] { return known }
      let id = find(folder)
      found[folder] = .some(id)
      return id
    }
  }
}
