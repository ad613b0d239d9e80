import Foundation

/// The web app's invite link, `<server>/#/room/<id>`, with `?invite=<token>` for a private room:
/// what someone pastes to listen with a native player.
public struct InviteLink: Sendable, Equatable {
  public let server: String
  public let roomID: String
  public let invite: String?

  public init(server: String, roomID: String, invite: String?) {
    self.server = server
    self.roomID = roomID
    self.invite = invite
  }

  /// nil when `text` is not such a link (a plain server address is not).
  public init?(_ text: String) {
    guard let hash = text.firstIndex(of: "#") else { return nil }
    let fragment = text[text.index(after: hash)...]
    guard fragment.hasPrefix("/room/") else { return nil }
    let rest = fragment.dropFirst("/room/".count)
    let path = rest.prefix { $0 != "?" }
    guard !path.isEmpty, !path.contains("/"), let roomID = String(path).removingPercentEncoding else { return nil }
    let query = rest.dropFirst(path.count + 1)
    let invite = URLComponents(string: "?" + query)?.queryItems?.first { $0.name == "invite" }?.value
    var server = String(text[..<hash])
    while server.hasSuffix("/") { server.removeLast() }
    self.init(server: server, roomID: roomID, invite: invite.flatMap { $0.isEmpty ? nil : $0 })
  }
}
