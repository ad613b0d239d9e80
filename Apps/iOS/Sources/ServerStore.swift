import BlastoiseClient
import Foundation

/// The saved servers (`ServerList`, tested on Linux), kept as JSON in the app's defaults.
@MainActor
final class ServerStore {
  static let shared = ServerStore()
  private static let key = "blastoise.servers"
  private(set) var list: ServerList

  private init() {
    list =
      UserDefaults.standard.data(forKey: Self.key).flatMap { try? JSONDecoder().decode(ServerList.self, from: $0) }
      ?? ServerList()
  }

  func update(_ change: (inout ServerList) -> Void) {
    change(&list)
    if let data = try? JSONEncoder().encode(list) { UserDefaults.standard.set(data, forKey: Self.key) }
  }
}
