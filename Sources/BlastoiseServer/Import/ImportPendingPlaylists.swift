import Foundation
import Synchronization

/// Playlist entries shown to a user and waiting for their confirmation, by entry ID. Confirming
/// by ID means the URLs queued are the ones yt-dlp listed, not ones the client made up; entries
/// are forgotten after an hour or when queued.
final class ImportPendingPlaylists: Sendable {
  struct Entry: Sendable {
    let ownerID: Int
    let url: String
    let title: String
    let expires: Date
  }

  private let entries = Mutex<[String: Entry]>([:])
  private let lifetime: TimeInterval
  private let capacity: Int

  init(lifetime: TimeInterval = 3600, capacity: Int = 50_000) {
    self.lifetime = lifetime
    self.capacity = capacity
  }

  /// Remembers entries for `ownerID`; returns their IDs in order.
  func remember(_ items: [(url: String, title: String)], ownerID: Int) -> [String] {
    let now = Date()
    return entries.withLock { entries in
      entries = entries.filter { $0.value.expires > now }
      if entries.count + items.count > capacity {
        // Oldest first out.
        let excess = entries.count + items.count - capacity
        for key in entries.sorted(by: { $0.value.expires < $1.value.expires }).prefix(excess).map(\.key) {
          entries[key] = nil
        }
      }
      return items.map { item in
        let id = ImportIDs.new()
        entries[id] = Entry(ownerID: ownerID, url: item.url, title: item.title, expires: now + lifetime)
        return id
      }
    }
  }

  /// The entry, if it was shown to `ownerID` and has not expired.
  func entry(_ id: String, ownerID: Int) -> Entry? {
    entries.withLock { entries in
      guard let entry = entries[id], entry.ownerID == ownerID, entry.expires > Date() else { return nil }
      return entry
    }
  }

  func forget(_ ids: [String]) {
    entries.withLock { entries in for id in ids { entries[id] = nil } }
  }
}

enum ImportIDs {
  /// 16 hex digits from the system's random generator.
  static func new() -> String {
    var generator = SystemRandomNumberGenerator()
    return String(format: "%016llx", generator.next() as UInt64)
  }
}
