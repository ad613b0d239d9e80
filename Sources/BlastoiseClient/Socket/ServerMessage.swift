import BlastoiseProtocol
import Foundation

/// One text message from the room socket, decoded: `type` picks the kind; a message without
/// `type` is a room state.
enum ServerMessage {
  case state(RoomState)
  case pong(clientTime: Double, serverTime: Double)
  case roomList([RoomInfo])
  case switched(String)
  case kick(String)
  case toast(String, String)
  case error(String)
  case scanProgress(Bool, Int, Int)
  case fetch(ImportSocketMessage)
  case unknown(String)

  private struct Probe: Decodable {
    var type: String?
    var clientTime: Double?
    var serverTime: Double?
    var channels: [RoomInfo]?
    var roomID: String?
    var reason: String?
    var message: String?
    var toastType: String?
    var scanning: Bool?
    var processed: Int?
    var total: Int?
  }

  static func decode(_ text: String) -> ServerMessage? {
    let data = Data(text.utf8)
    guard let probe = try? JSONDecoder().decode(Probe.self, from: data) else { return nil }
    guard let type = probe.type else { return RoomStateDecoding.decode(data).map(ServerMessage.state) }
    switch type {
    case "pong": return .pong(clientTime: probe.clientTime ?? 0, serverTime: probe.serverTime ?? 0)
    case "channel_list": return .roomList(probe.channels ?? [])
    case "switched": return .switched(probe.roomID ?? "")
    case "kick": return .kick(probe.reason ?? "Kicked")
    case "toast": return .toast(probe.message ?? "", probe.toastType ?? "info")
    case "error": return .error(probe.message ?? "Error")
    case "scan_progress": return .scanProgress(probe.scanning ?? false, probe.processed ?? 0, probe.total ?? 0)
    case let kind where kind.hasPrefix("fetch_"):
      return (try? JSONDecoder().decode(ImportSocketMessage.self, from: data)).map(ServerMessage.fetch) ?? .unknown(kind)
    default: return .unknown(type)
    }
  }
}
