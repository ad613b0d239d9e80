import BlastoiseMedia
import BlastoisePhotoBackup
import Foundation

/// A folder (a phone's DCIM copy, a camera card) as a backup source: every photo and video
/// under it by extension, hidden files and folders left out. A file's asset ID is its path under
/// the folder; its time is its modification time (the server dates it by its own metadata when
/// it has some).
struct FolderSource: BackupSource {
  let root: URL

  static let photoExtensions: Set<String> = [
    "jpg", "jpeg", "heic", "heif", "png", "gif", "webp", "dng", "tif", "tiff", "cr2", "cr3", "nef", "arw", "orf",
    "rw2", "raf",
  ]
  static let videoExtensions: Set<String> = ["mov", "mp4", "m4v"]

  func items() async throws -> [BackupItem] {
    let keys: [URLResourceKey] = [.isRegularFileKey, .fileSizeKey, .contentModificationDateKey]
    guard
      let walker = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles, .skipsPackageDescendants])
    else { throw BackupFolderMissing(path: root.path) }
    var found: [BackupItem] = []
    let prefix = root.standardizedFileURL.path + "/"
    for case let url as URL in walker {
      let ext = url.pathExtension.lowercased()
      let isVideo = Self.videoExtensions.contains(ext)
      guard isVideo || Self.photoExtensions.contains(ext),
        let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true,
        let size = values.fileSize, size > 0
      else { continue }
      let modified = values.contentModificationDate ?? Date(timeIntervalSince1970: 0)
      let path = url.standardizedFileURL.path
      found.append(
        BackupItem(
          assetID: path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : url.lastPathComponent,
          name: url.lastPathComponent, size: Int64(size), takenAt: Int64(modified.timeIntervalSince1970 * 1_000),
          month: BackupItem.month(of: modified), isVideo: isVideo))
    }
    return found
  }

  func read(_ item: BackupItem, offset: Int64, count: Int) async throws -> Data {
    let handle = try FileHandle(forReadingFrom: url(item))
    defer { try? handle.close() }
    try handle.seek(toOffset: UInt64(offset))
    return try handle.read(upToCount: count) ?? Data()
  }

  func sha256(_ item: BackupItem) async throws -> String {
    guard let digest = FileHasher.sha256(ofFileAt: url(item).path) else {
      throw BackupFolderMissing(path: url(item).path)
    }
    return digest
  }

  func sha256(of chunk: Data) -> Data { Data(SHA256Digest.of([UInt8](chunk)) ?? []) }

  private func url(_ item: BackupItem) -> URL { root.appendingPathComponent(item.assetID) }
}

struct BackupFolderMissing: Error, CustomStringConvertible {
  let path: String
  var description: String { "cannot read \(path)" }
}
