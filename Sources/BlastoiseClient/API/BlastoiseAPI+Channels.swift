import BlastoiseProtocol
import BlastoiseSync

/// `/api/channels…`: rooms, playback control and queue edits over HTTP. (The room socket is
/// `ChannelSocket`.)
extension BlastoiseAPI {
  public func channels() async throws(BlastoiseClientError) -> [ChannelInfo] {
    try await send("GET", "/api/channels", as: [ChannelInfo].self)
  }

  public func createChannel(name: String, description: String? = nil) async throws(BlastoiseClientError)
    -> ChannelInfo
  {
    try await send("POST", "/api/channels", json: NameBody(name: name, description: description), as: ChannelInfo.self)
  }

  /// The room's state now, without the queue (the socket sends the queue).
  public func channel(_ id: String) async throws(BlastoiseClientError) -> ChannelState {
    let data = try await sendRaw("GET", Self.channelPath(id))
    guard let state = ChannelStateDecoding.decode(data) else {
      throw .decoding("GET \(Self.channelPath(id)): unexpected answer")
    }
    return state
  }

  /// Renames a room or changes its description (owner or admin).
  public func updateChannel(_ id: String, name: String? = nil, description: String? = nil)
    async throws(BlastoiseClientError) -> ChannelInfo
  {
    try await send(
      "PATCH", Self.channelPath(id), json: NameBody(name: name, description: description), as: ChannelInfo.self)
  }

  public func deleteChannel(_ id: String) async throws(BlastoiseClientError) {
    _ = try await sendRaw("DELETE", Self.channelPath(id))
  }

  public func jump(channel id: String, to index: Int) async throws(BlastoiseClientError) {
    _ = try await sendRaw("POST", Self.channelPath(id) + "/jump", body: .json(try encode(IndexBody(index: index))))
  }

  public func seek(channel id: String, to seconds: Double) async throws(BlastoiseClientError) {
    _ = try await sendRaw(
      "POST", Self.channelPath(id) + "/seek", body: .json(try encode(TimestampBody(timestamp: seconds))))
  }

  @discardableResult
  public func setMode(channel id: String, _ mode: PlaybackMode) async throws(BlastoiseClientError) -> ModeResponse {
    try await send("POST", Self.channelPath(id) + "/mode", json: ModeBody(mode: mode.rawValue), as: ModeResponse.self)
  }

  /// Edits the queue by position; answers the new queue length.
  @discardableResult
  public func editQueue(channel id: String, _ edit: ListEdit) async throws(BlastoiseClientError) -> Int {
    try await send("PATCH", Self.channelPath(id) + "/queue", json: edit, as: QueueResponse.self).queueLength
  }

  static func channelPath(_ id: String) -> String { "/api/channels/" + segment(id) }
}
