import BlastoiseCore
import BlastoiseProtocol

// The library as both backends' `tracks` and `track_files` columns hold it.

extension LibraryFile {
  /// `track_files` rows (`path, size, modified_ns, present`) as `LibraryStore.knownFiles` answers.
  public static func known(from rows: [StoreRow]) -> (files: [PathKey: LibraryFile], present: Set<PathKey>) {
    var files: [PathKey: LibraryFile] = [:]
    var present = Set<PathKey>()
    files.reserveCapacity(rows.count)
    present.reserveCapacity(rows.count)
    for row in rows {
      guard let path = row.string("path"), let size = row.int64("size"), let modified = row.int64("modified_ns")
      else { continue }
      files[PathKey(path)] = LibraryFile(path: path, size: size, modified: modified)
      if row.bool("present") == true { present.insert(PathKey(path)) }
    }
    return (files, present)
  }
}

/// Paths as the stores compare and name them.
public enum LibraryPaths {
  /// Paths under `root` are those from `lower` (inclusive) to `upper` (exclusive) in byte order:
  /// between "root/" and "root0" ('0' sorts right after '/'). A root that already ends in "/"
  /// (the filesystem root) is not given a second one.
  public static func range(under root: String) -> (lower: String, upper: String) {
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return (prefix, prefix.dropLast() + "0")
  }

  /// What `tracks.filename` holds: the last path component, split by scalar: a slash followed
  /// by a combining mark is one Character that is not "/", yet the file system sees the slash
  /// (`uploads/\u{338}.wav`).
  public static func filename(of path: String) -> String {
    path.unicodeScalars.split(separator: "/").last.map { String(Substring($0)) } ?? path
  }
}
