import BlastoiseProtocol
import Foundation

/// Decodes a room state as tolerantly as the seed's clients do: a server without the sync
/// fields (`serverTime`, `seq`) still yields a state, with `seq` 0 and `serverTime` 0 (meaning
/// "true when received").
enum RoomStateDecoding {
  struct Wire: Decodable {
    var track: Track?
    var currentTimestamp: Double?
    var roomName: String?
    var roomID: String?
    var description: String?
    var paused: Bool?
    var currentIndex: Int?
    var listenerCount: Int?
    var listeners: [String]?
    var isDefault: Bool?
    var playbackMode: String?
    var queue: [Track]?
    var serverTime: Double?
    var seq: Int64?
  }

  static func decode(_ data: Data) -> RoomState? {
    guard let wire = try? JSONDecoder().decode(Wire.self, from: data) else { return nil }
    return RoomState(
      track: wire.track, currentTimestamp: wire.currentTimestamp ?? 0, roomName: wire.roomName ?? "",
      roomID: wire.roomID ?? "", description: wire.description ?? "", paused: wire.paused ?? true,
      currentIndex: wire.currentIndex ?? 0, listenerCount: wire.listenerCount ?? 0, listeners: wire.listeners ?? [],
      isDefault: wire.isDefault ?? false, playbackMode: wire.playbackMode ?? "repeat-all", queue: wire.queue,
      serverTime: Int64((wire.serverTime ?? 0).rounded()), seq: wire.seq ?? 0)
  }
}
