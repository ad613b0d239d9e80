import BlastoiseCore

/// Phase 3 (pure): what a rescan must do, from what is on disk, what was stored and what an
/// earlier scan skipped. Unchanged path + size + mtime is trusted and not read again — a stored
/// file's as a skipped one's.
public struct ScanPlan: Sendable, Equatable {
  /// New or changed files: hash and read tags.
  public let toRead: [LibraryFile]
  /// Stored paths no longer on disk: mark absent (their tracks stay, unavailable).
  public let missing: [String]
  public let unchanged: Int
  /// Files an earlier scan skipped (not audio, unreadable, broken), unchanged since: still skipped.
  public let stillSkipped: [LibraryFile]

  /// Paths are matched as bytes (`PathKey`): two names that differ only in their Unicode
  /// normalization are two files, and a library of accented names is not normalized per lookup.
  public init(
    found: [LibraryFile], known: [PathKey: LibraryFile], knownPresent: Set<PathKey>,
    skipped: [PathKey: LibraryFile] = [:]
  ) {
    var toRead: [LibraryFile] = []
    var stillSkipped: [LibraryFile] = []
    var seen = Set<PathKey>(minimumCapacity: found.count)
    var unchanged = 0
    for file in found {
      let key = PathKey(file.path)
      seen.insert(key)
      if let stored = known[key], stored.size == file.size, stored.modified == file.modified,
        knownPresent.contains(key)
      {
        unchanged += 1
      } else if let before = skipped[key], before.size == file.size, before.modified == file.modified {
        stillSkipped.append(file)
      } else {
        toRead.append(file)
      }
    }
    self.toRead = toRead
    self.stillSkipped = stillSkipped
    missing = knownPresent.subtracting(seen).map(\.path).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    self.unchanged = unchanged
  }
}
