/// One item of a backup check batch, as the phone knows it (an iCloud photo has no size or hash yet).
public struct PhotoCheckItem: Sendable, Equatable {
  public var name: String
  /// "YYYY-MM".
  public var month: String
  /// 0 when unknown.
  public var size: Int64
  public var sha256: String?
  public var device: String
  public var assetId: String

  public init(name: String, month: String, size: Int64, sha256: String?, device: String, assetId: String) {
    self.name = name
    self.month = month
    self.size = size
    self.sha256 = sha256
    self.device = device
    self.assetId = assetId
  }
}

/// What the person already has, as the check needs it.
public struct PhotoKnown: Sendable, Equatable {
  public var name: String
  public var month: String
  public var size: Int64
  public var sha256: String
  public var device: String?
  public var assetId: String?

  public init(name: String, month: String, size: Int64, sha256: String, device: String?, assetId: String?) {
    self.name = name
    self.month = month
    self.size = size
    self.sha256 = sha256
    self.device = device
    self.assetId = assetId
  }
}

public enum PhotoAnswer: String, Sendable, Equatable { case have, send }

/// Have or send: by checksum when the item gives one, else by name + month (+ size when not 0);
/// and in any case by the same device's asset ID.
public struct PhotoMatch: Sendable {
  private let hashes: Set<String>
  private let byNameMonth: [String: [Int64]]
  private let assets: Set<[String]>

  public init(_ known: [PhotoKnown]) {
    hashes = Set(known.map { $0.sha256.lowercased() })
    byNameMonth = Dictionary(grouping: known, by: { PhotoMatch.key($0.name, $0.month) }).mapValues { $0.map(\.size) }
    assets = Set(known.compactMap { k in k.device.flatMap { d in k.assetId.map { [d, $0] } } })
  }

  public func answer(_ item: PhotoCheckItem) -> PhotoAnswer {
    if !item.device.isEmpty, !item.assetId.isEmpty, assets.contains([item.device, item.assetId]) { return .have }
    if let hash = item.sha256, !hash.isEmpty { return hashes.contains(hash.lowercased()) ? .have : .send }
    guard let sizes = byNameMonth[PhotoMatch.key(item.name, item.month)] else { return .send }
    return item.size == 0 || sizes.contains(item.size) ? .have : .send
  }

  private static func key(_ name: String, _ month: String) -> String { name + "\u{0}" + month }
}
