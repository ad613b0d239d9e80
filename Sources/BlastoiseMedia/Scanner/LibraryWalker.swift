import BlastoiseCore
import Foundation

/// Phase 1: find the audio files under a root. Hidden names are skipped (temp files live there);
/// a symlink is followed only when its target is inside the root, and each real directory is
/// visited once, so links can neither leak files from elsewhere nor loop.
public enum LibraryWalker {
  public static func walk(_ root: String) -> [LibraryFile] {
    guard let realRoot = realPath(root) else { return [] }
    var files: [LibraryFile] = []
    var visited: Set<PathKey> = [PathKey(realRoot)]
    var pending = [realRoot]
    while let directory = pending.popLast() {
      guard let handle = opendir(directory) else { continue }
      defer { closedir(handle) }
      while let entry = readdir(handle) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard !name.hasPrefix(".") else { continue }
        let path = directory + "/" + name
        var info = stat()
        // Relative to the open directory: the kernel resolves one name, not the whole path.
        guard fstatat(dirfd(handle), name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
        if (info.st_mode & S_IFMT) == S_IFLNK {
          guard let target = realPath(path), target.hasPrefix(realRoot + "/"), stat(target, &info) == 0 else {
            continue
          }
          if (info.st_mode & S_IFMT) == S_IFDIR {
            if visited.insert(PathKey(target)).inserted { pending.append(target) }
            continue
          }
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
          if visited.insert(PathKey(path)).inserted { pending.append(path) }
        case S_IFREG where AudioFormats.acceptedExtension(of: name) != nil:
          files.append(
            LibraryFile(
              path: path, size: Int64(info.st_size),
              modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)))
        default:
          continue
        }
      }
    }
    return files
  }
}
