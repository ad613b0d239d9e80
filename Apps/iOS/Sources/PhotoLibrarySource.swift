import BlastoisePhotoBackup
import CryptoKit
import Foundation
import Photos

/// The photo library as a `BackupSource`: every photo and video, newest first, each original
/// written once to a file in the caches (iCloud allowed; a Live Photo's still only) and read
/// from there; its month from its creation date.
struct PhotoLibrarySource: BackupSource {
  private var cache: URL { FileManager.default.temporaryDirectory.appendingPathComponent("backup", isDirectory: true) }

  func items() async throws -> [BackupItem] {
    let options = PHFetchOptions()
    options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
    let assets = PHAsset.fetchAssets(with: options)
    var items: [BackupItem] = []
    let months = DateFormatter()
    months.dateFormat = "yyyy-MM"
    assets.enumerateObjects { asset, _, _ in
      guard let resource = Self.original(of: asset) else { return }
      let taken = asset.creationDate ?? Date()
      items.append(
        BackupItem(
          assetID: asset.localIdentifier, name: resource.originalFilename, size: 0,
          takenAt: Int64(taken.timeIntervalSince1970 * 1000), month: months.string(from: taken),
          isVideo: asset.mediaType == .video))
    }
    return items
  }

  func read(_ item: BackupItem, offset: Int64, count: Int) async throws -> Data {
    let handle = try FileHandle(forReadingFrom: try await file(item))
    defer { try? handle.close() }
    try handle.seek(toOffset: UInt64(offset))
    return try handle.read(upToCount: count) ?? Data()
  }

  func sha256(_ item: BackupItem) async throws -> String {
    let data = try Data(contentsOf: try await file(item), options: .mappedIfSafe)
    return SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
  }

  func sha256(of chunk: Data) -> Data { Data(SHA256.hash(data: chunk)) }

  /// The item's original, written to the caches the first time it is asked for.
  private func file(_ item: BackupItem) async throws -> URL {
    try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
    let url = cache.appendingPathComponent(item.assetID.replacingOccurrences(of: "/", with: "_"))
    if FileManager.default.fileExists(atPath: url.path) { return url }
    guard let asset = PHAsset.fetchAssets(withLocalIdentifiers: [item.assetID], options: nil).firstObject,
      let resource = Self.original(of: asset)
    else { throw CocoaError(.fileNoSuchFile) }
    let options = PHAssetResourceRequestOptions()
    options.isNetworkAccessAllowed = true
    try await PHAssetResourceManager.default().writeData(for: resource, toFile: url, options: options)
    return url
  }

  private static func original(of asset: PHAsset) -> PHAssetResource? {
    let resources = PHAssetResource.assetResources(for: asset)
    return resources.first { $0.type == .photo || $0.type == .video } ?? resources.first
  }
}
