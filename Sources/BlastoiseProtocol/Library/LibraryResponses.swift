/// `POST /api/upload`'s answer: the tracks added, and those the library already had.
public struct UploadResult: Codable, Sendable, Equatable {
  public var success: Bool
  public var tracks: [Track]
  public var duplicates: [Track]

  public init(success: Bool = true, tracks: [Track], duplicates: [Track]) {
    self.success = success
    self.tracks = tracks
    self.duplicates = duplicates
  }
}

/// `POST /api/library/scan`'s answer (additive: an admin asks for a rescan now).
public struct ScanSummary: Codable, Sendable, Equatable {
  public var success: Bool
  public var added: Int
  public var unchanged: Int
  public var missing: Int
  public var skipped: Int

  public init(success: Bool = true, added: Int, unchanged: Int, missing: Int, skipped: Int) {
    self.success = success
    self.added = added
    self.unchanged = unchanged
    self.missing = missing
    self.skipped = skipped
  }
}
