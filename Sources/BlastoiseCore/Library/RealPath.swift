import Foundation

/// The canonical path with symlinks resolved (realpath(3)); nil when it does not exist. Paths
/// are compared as real paths wherever a file must stay inside a root.
public func realPath(_ path: String) -> String? {
  guard let resolved = realpath(path, nil) else { return nil }
  defer { free(resolved) }
  return String(cString: resolved)
}
