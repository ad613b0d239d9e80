import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The temporary files `BodyPolicy.file` streams bodies into (`.body-XXXXXX` in the route's
/// folder). A server killed mid-upload leaves its file behind; one still being written or handled
/// is `flock`ed by its server (this one or another on the same folder).
public enum TemporaryBodies {
  static let prefix = ".body-"

  /// Removes the bodies in `directory` nobody holds; answers how many went. (A file taken in the
  /// moment between its making and its writer's lock is made again by the writer.)
  public static func removeAbandoned(in directory: String) -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    var removed = 0
    for name in names where name.hasPrefix(prefix) {
      let path = directory + "/" + name
      let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
      guard fd >= 0 else { continue }
      defer { close(fd) }
      guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { continue }
      if unlink(path) == 0 { removed += 1 }
    }
    return removed
  }
}
