import Foundation

/// The servers a phone knows: the latest used first, one in use, each renamable and removable
/// (a parent's server beside one's own). Sign-ins stay with each server: cookies belong to an
/// address, so switching signs nobody out. Kept by the app as JSON.
public struct ServerList: Codable, Sendable, Equatable {
  public private(set) var servers: [ServerAddress] = []
  /// The one in use (its URL), if any.
  public private(set) var current: URL?

  public init() {}

  public var inUse: ServerAddress? { servers.first { $0.url == current } }

  /// Keeps a server that answered like Blastoise (`identity`) and makes it the one in use; one
  /// already known by its address is used again (its name kept, the identity it answered now).
  public mutating func add(_ url: URL, identity: ServerIdentity, at time: Double) {
    if let index = servers.firstIndex(where: { $0.url == url }) {
      servers[index].serverID = identity.serverID
      servers[index].lastUsed = time
    } else {
      servers.append(
        ServerAddress(url: url, name: ServerAddress.defaultName(for: url), serverID: identity.serverID, lastUsed: time))
    }
    use(url, at: time)
  }

  /// Switches to a known server.
  public mutating func use(_ url: URL, at time: Double) {
    guard let index = servers.firstIndex(where: { $0.url == url }) else { return }
    servers[index].lastUsed = time
    current = url
    servers.sort { ($0.lastUsed, $0.url.absoluteString) > ($1.lastUsed, $1.url.absoluteString) }
  }

  /// A name of one's own ("Mum's"); an empty one puts the host back.
  public mutating func rename(_ url: URL, to name: String) {
    guard let index = servers.firstIndex(where: { $0.url == url }) else { return }
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
    servers[index].name = trimmed.isEmpty ? ServerAddress.defaultName(for: url) : String(trimmed.prefix(60))
  }

  /// Forgets a server; the one in use goes to the next latest.
  public mutating func remove(_ url: URL) {
    servers.removeAll { $0.url == url }
    if current == url { current = servers.first?.url }
  }
}
