import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Read-only mappings of whole files, shared by every response that sends bytes from them.
///
/// Why file bodies are sent from a mapping and not with sendfile: libmicrohttpd pushes the headers
/// of a descriptor response in a packet of their own and then sends the body in 128 KiB sendfile
/// calls with cork toggling around them, which measured 0.64–0.75× nginx on 256 KiB ranges. A body
/// handed over as memory leaves with its headers in one `sendmsg`, and the kernel copies it
/// straight from the page cache: our process never touches the bytes. That also keeps a file
/// truncated under a response harmless — the send fails with EFAULT and the connection closes;
/// nothing in user space faults (SIGBUS) on the vanished pages.
///
/// A mapping is keyed by the file's identity and version (device, inode, size, modification
/// time), so a replaced or rewritten file gets a new mapping. Mappings in use are never unmapped;
/// idle ones are unmapped least recently used first once more than `fileLimit` files are mapped.
final class FileMappings: Sendable {
  /// Bytes of a mapped file, kept mapped until `release()`; handed to libmicrohttpd as the
  /// context of its free callback.
  final class Lease {
    let bytes: UnsafeRawPointer
    private let key: Key
    private let owner: FileMappings

    fileprivate init(bytes: UnsafeRawPointer, key: Key, owner: FileMappings) {
      self.bytes = bytes
      self.key = key
      self.owner = owner
    }

    func release() { owner.release(key) }
  }

  fileprivate struct Key: Hashable {
    let device: UInt64
    let inode: UInt64
    let size: Int
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int
  }

  private struct Mapping {
    let base: UnsafeMutableRawPointer
    let size: Int
    var users: Int
    var lastUse: UInt64
  }

  private struct State {
    var mappings: [Key: Mapping] = [:]
    var useCounter: UInt64 = 0
  }

  private let fileLimit: Int
  private let state = Mutex(State())

  init(fileLimit: Int) {
    self.fileLimit = fileLimit
  }

  deinit {
    state.withLock { state in
      for mapping in state.mappings.values { munmap(mapping.base, mapping.size) }
    }
  }

  /// Files currently mapped, in use or idle.
  var mappedFileCount: Int { state.withLock { $0.mappings.count } }

  /// Maps the regular file open on `descriptor` (or reuses its mapping) and leases
  /// `offset..<offset+length` of it. Nil when the file cannot be mapped (empty, not regular, the
  /// range is outside it, or mmap fails); the caller then sends from the descriptor instead.
  func lease(_ descriptor: Int32, offset: UInt64, length: UInt64) -> Lease? {
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0,
      offset <= UInt64(info.st_size), length <= UInt64(info.st_size) - offset
    else { return nil }
    let key = Key(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size),
      modifiedSeconds: info.st_mtim.tv_sec, modifiedNanoseconds: info.st_mtim.tv_nsec)
    let base = state.withLock { state -> UnsafeMutableRawPointer? in
      state.useCounter += 1
      if var mapping = state.mappings[key] {
        mapping.users += 1
        mapping.lastUse = state.useCounter
        state.mappings[key] = mapping
        return mapping.base
      }
      let mapped = mmap(nil, key.size, PROT_READ, MAP_SHARED, descriptor, 0)
      guard let mapped, mapped != MAP_FAILED else { return nil }
      state.mappings[key] = Mapping(base: mapped, size: key.size, users: 1, lastUse: state.useCounter)
      unmapIdleBeyondLimit(&state)
      return mapped
    }
    guard let base else { return nil }
    return Lease(bytes: UnsafeRawPointer(base + Int(offset)), key: key, owner: self)
  }

  private func release(_ key: Key) {
    state.withLock { state in
      guard var mapping = state.mappings[key] else { return }
      mapping.users -= 1
      state.mappings[key] = mapping
      unmapIdleBeyondLimit(&state)
    }
  }

  private func unmapIdleBeyondLimit(_ state: inout State) {
    while state.mappings.count > fileLimit {
      let idle = state.mappings.lazy.filter { $0.value.users == 0 }
      guard let oldest = idle.min(by: { $0.value.lastUse < $1.value.lastUse }) else { return }
      munmap(oldest.value.base, oldest.value.size)
      state.mappings[oldest.key] = nil
    }
  }
}
