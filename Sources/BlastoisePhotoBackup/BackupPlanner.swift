/// What to ask the server about, and in what order: the items the settings include, newest
/// first (the photos a person misses first are the latest), in batches of at most `batchSize`.
public struct BackupPlanner: Sendable {
  public var batchSize: Int

  public init(batchSize: Int = 500) { self.batchSize = max(1, batchSize) }

  public func batches(_ items: [BackupItem], settings: BackupSettings) -> [[BackupItem]] {
    let ordered = items.filter(settings.includes).sorted {
      $0.takenAt != $1.takenAt ? $0.takenAt > $1.takenAt : $0.assetID < $1.assetID
    }
    return stride(from: 0, to: ordered.count, by: batchSize).map {
      Array(ordered[$0..<min($0 + batchSize, ordered.count)])
    }
  }
}
