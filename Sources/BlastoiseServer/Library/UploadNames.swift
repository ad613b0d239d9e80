import BlastoiseCore
import Foundation

/// Places uploaded and imported files in the library's folders under safe names (`UploadName`).
enum UploadNames {
  /// Moves an fsynced file into `directory` under a safe, unused version of `name` and makes the
  /// move durable. `link` + `unlink` rather than `rename`: an existing name — another upload or
  /// import landing at the same moment — is never replaced. Nil when the file cannot be placed
  /// (or its name has no accepted extension).
  static func place(_ source: String, named name: String, in directory: String) -> LibraryFile? {
    guard let safeName = UploadName(clientName: name) else { return nil }
    var destination = directory + "/" + safeName.fileName()
    var attempt = 2
    while link(source, destination) != 0 {
      guard errno == EEXIST, attempt < 1000 else { return nil }
      destination = directory + "/" + safeName.fileName(attempt)
      attempt += 1
    }
    unlink(source)
    syncDirectory(directory)
    var info = stat()
    guard stat(destination, &info) == 0 else { return nil }
    return LibraryFile(
      path: destination, size: Int64(info.st_size),
      modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
  }

  /// Makes a rename durable: fsync the directory that holds the new name.
  static func syncDirectory(_ path: String) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }
}
