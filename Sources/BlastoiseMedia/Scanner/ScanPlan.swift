import BlastoiseCore

/// Phase 3 (pure): what a rescan must do, from what is on disk and what was stored.
/// Unchanged path + size + mtime is trusted and not read again.
public struct ScanPlan: Sendable, Equatable {
  /// New or changed files: hash and read tags.
  public let toRead: [LibraryFile]
  /// Stored paths no longer on disk: mark absent (their tracks stay, unavailable).
  public let missing: [String]
  public let unchanged: Int

  public init(found: [LibraryFile], known: [String: LibraryFile], knownPresent: Set<String>) {
    var toRead: [LibraryFile] = []
    var seen = Set<String>()
    var unchanged = 0
    for file in found {
      seen.insert(file.path)
      if let stored = known[file.path], stored == file, knownPresent.contains(file.path) {
        unchanged += 1
      } else {
        toRead.append(file)
      }
    }
    self.toRead = toRead
    missing = knownPresent.filter { !seen.contains($0) }.sorted()
    self.unchanged = unchanged
  }
}
