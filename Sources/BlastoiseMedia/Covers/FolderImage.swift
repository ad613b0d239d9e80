import Foundation

/// The picture a folder holds for its album: `cover`, `folder`, `front` or `album`, as `.jpg`,
/// `.jpeg`, `.png` or `.webp`, in any case — preferred in that order, names before extensions.
enum FolderImage {
  static let names = ["cover", "folder", "front", "album"]
  static let extensions = ["jpg", "jpeg", "png", "webp"]

  /// The preferred image among a folder's entry names.
  static func choose(among entries: [String]) -> String? {
    entries.compactMap { entry -> (rank: Int, name: String)? in
      let parts = entry.lowercased().split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 2, let name = names.firstIndex(of: String(parts[0])),
        let ext = extensions.firstIndex(of: String(parts[1]))
      else { return nil }
      return (name * extensions.count + ext, entry)
    }.min { $0.rank < $1.rank }?.name
  }

  /// The folder's image and its size in bytes, if it has one that is a regular file (a
  /// symbolic link could point anywhere on the machine).
  static func find(in folder: String) -> (path: String, size: Int)? {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder),
      let chosen = choose(among: entries)
    else { return nil }
    let path = folder + "/" + chosen
    var info = stat()
    guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return (path, Int(info.st_size))
  }
}
