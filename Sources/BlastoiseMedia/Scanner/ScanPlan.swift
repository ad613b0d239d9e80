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

  public init(
    found: [LibraryFile], known: [String: LibraryFile], knownPresent: Set<String>,
    skipped: [String: LibraryFile] = [:]
  ) {
    var toRead: [LibraryFile] = []
    var stillSkipped: [LibraryFile] = []
    var seen = Set<String>()
    var unchanged = 0
    for file in found {
      seen.insert(file.path)
      if let stored = known[file.path], stored == file, knownPresent.contains(file.path) {
        unchanged += 1
      } else if skipped[file.path] == file {
        stillSkipped.append(file)
      } else {
        toRead.append(file)
      }
    }
    self.toRead = toRead
    self.stillSkipped = stillSkipped
    missing = knownPresent.filter { !seen.contains($0) }.sorted()
    self.unchanged = unchanged
  }
}
