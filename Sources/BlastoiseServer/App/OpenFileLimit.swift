import Foundation

/// The process's open-file limit (`RLIMIT_NOFILE`), which bounds how many connections the server
/// can hold: each is a descriptor, and so are the database's files, uploads being written,
/// import pipes and libmicrohttpd's own polling.
enum OpenFileLimit {
  /// What is left for connections out of `openFiles` descriptors: an eighth (at least 256) stays
  /// for everything else, and never more than 20,000 (each connection holds a memory pool).
  static func connectionLimit(openFiles: Int) -> Int {
    min(20_000, max(32, openFiles - max(256, openFiles / 8)))
  }

  /// The soft limit to ask for: the hard one, or the kernel's ceiling (`fs.nr_open`) when the hard
  /// limit is unlimited — setrlimit refuses `RLIM_INFINITY` for open files.
  static func raisedSoftLimit(hard: rlim_t, kernelCeiling: rlim_t) -> rlim_t {
    hard == unlimited ? kernelCeiling : hard
  }

  /// `RLIM_INFINITY`, which Swift imports wrongly (a C cast of -1 to an unsigned type).
  static let unlimited = rlim_t.max

  /// The soft limit now.
  static var current: Int {
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return 1024 }
    return limit.rlim_cur == unlimited ? Int.max : Int(limit.rlim_cur)
  }

  /// Raises the soft limit to the hard one: distributions start processes at 1,024 (a limit kept
  /// for select(2), which libmicrohttpd's epoll does not need), far too few for a server with
  /// thousands of listeners. Returns the soft limit before and after.
  static func raise() -> (before: Int, after: Int) {
    let before = current
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return (before, before) }
    let ceiling =
      (try? String(contentsOfFile: "/proc/sys/fs/nr_open", encoding: .utf8))
      .flatMap { rlim_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 1 << 20
    let wanted = raisedSoftLimit(hard: limit.rlim_max, kernelCeiling: ceiling)
    guard wanted > limit.rlim_cur else { return (before, before) }
    limit.rlim_cur = wanted
    _ = setrlimit(resource, &limit)
    return (before, current)
  }

  private static var resource: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_NOFILE.rawValue) }
}
