import BlastoiseProtocol
import BlastoiseSync

/// `/api/channels…`: rooms, playback control and queue edits over HTTP. (The room socket is
/// `RoomSocket`.)
extension BlastoiseAPI {
  public func channels() async throws(BlastoiseClientError) -> [RoomInfo] {
    try await send("GET", "/api/channels", as: [RoomInfo].self)
  }

  public func createRoom(name: String, description: String? = nil) async throws(BlastoiseClientError)
    -> RoomInfo
  {
    try await send("POST", "/api/channels", json: NameBody(name: name, description: description), as: RoomInfo.self)
  }

  /// The room's state now, without the queue (the socket sends the queue).
  public func channel(_ id: String) async throws(BlastoiseClientError) -> RoomState {
    let data = try await sendRaw("GET", Self.roomPath(id))
    guard let state = RoomStateDecoding.decode(data) else {
      throw .decoding("GET \(Self.roomPath(id)): unexpected answer")
    }
    return state
  }

  /// Renames a room or changes its description (owner or admin).
  public func updateRoom(_ id: String, name: String? = nil, description: String? = nil)
    async throws(BlastoiseClientError) -> RoomInfo
  {
    try await send(
      "PATCH", Self.roomPath(id), json: NameBody(name: name, description: description), as: RoomInfo.self)
  }

  public func deleteRoom(_ id: String) async throws(BlastoiseClientError) {
    _ = try await sendRaw("DELETE", Self.roomPath(id))
  }

  public func jump(channel id: String, to index: Int) async throws(BlastoiseClientError) {
    _ = try await sendRaw("POST", Self.roomPath(id) + "/jump", body: .json(try encode(IndexBody(index: index))))
  }

  public func seek(channel id: String, to seconds: Double) async throws(BlastoiseClientError) {
    _ = try await sendRaw(
      "POST", Self.roomPath(id) + "/seek", body: .json(try encode(TimestampBody(timestamp: seconds))))
  }

  @discardableResult
  public func setMode(channel id: String, _ mode: PlaybackMode) async throws(BlastoiseClientError) -> ModeResponse {
    try await send("POST", Self.roomPath(id) + "/mode", json: ModeBody(mode: mode.rawValue), as: ModeResponse.self)
  }

  /// Edits the queue by position; answers the new queue length.
  @discardableResult
  public func editQueue(channel id: String, _ edit: ListEdit) async throws(BlastoiseClientError) -> Int {
    try await send("PATCH", Self.roomPath(id) + "/queue", json: edit, as: QueueResponse.self).queueLength
  }

  static func roomPath(_ id: String) -> String { "/api/channels/" + segment(id) }
}
