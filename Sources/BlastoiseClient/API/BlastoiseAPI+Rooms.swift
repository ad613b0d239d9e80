import BlastoiseProtocol
import BlastoiseSync

/// `/api/channels…`: rooms, playback control and queue edits over HTTP. (The room socket is
/// `RoomSocket`.)
extension BlastoiseAPI {
  public func rooms() async throws(BlastoiseClientError) -> [RoomInfo] {
    try await send("GET", APIRoute.rooms.path(), as: [RoomInfo].self)
  }

  public func createRoom(name: String, description: String? = nil) async throws(BlastoiseClientError)
    -> RoomInfo
  {
    try await send(
      "POST", APIRoute.rooms.path(), json: NameAndDescription(name: name, description: description),
      as: RoomInfo.self)
  }

  /// The room's state now, without the queue (the socket sends the queue); `invite` is a private
  /// room's token (404 when it lets nobody in).
  public func room(_ id: String, invite: String? = nil) async throws(BlastoiseClientError) -> RoomState {
    let query = invite.flatMap { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) }.map {
      "?invite=\($0)"
    }
    return try await send("GET", APIRoute.room.path(id) + (query ?? ""), as: RoomState.self)
  }

  /// Renames a room or changes its description (owner or admin).
  public func updateRoom(_ id: String, name: String? = nil, description: String? = nil)
    async throws(BlastoiseClientError) -> RoomInfo
  {
    try await send(
      "PATCH", APIRoute.room.path(id), json: NameAndDescription(name: name, description: description),
      as: RoomInfo.self)
  }

  /// Makes a room private (a new invite token, in its state for its members) or open (owner or admin).
  @discardableResult
  public func setPrivate(room id: String, _ isPrivate: Bool) async throws(BlastoiseClientError) -> RoomInfo {
    try await send("PATCH", APIRoute.room.path(id), json: RoomUpdateRequest(isPrivate: isPrivate), as: RoomInfo.self)
  }

  public func deleteRoom(_ id: String) async throws(BlastoiseClientError) {
    _ = try await sendRaw("DELETE", APIRoute.room.path(id))
  }

  public func jump(room id: String, to index: Int) async throws(BlastoiseClientError) {
    _ = try await sendRaw("POST", APIRoute.roomJump.path(id), body: .json(try encode(JumpRequest(index: index))))
  }

  public func seek(room id: String, to seconds: Double) async throws(BlastoiseClientError) {
    _ = try await sendRaw("POST", APIRoute.roomSeek.path(id), body: .json(try encode(SeekRequest(timestamp: seconds))))
  }

  @discardableResult
  public func setMode(room id: String, _ mode: PlaybackMode) async throws(BlastoiseClientError) -> ModeResponse {
    try await send(
      "POST", APIRoute.roomMode.path(id), json: ModeRequest(mode: mode.rawValue), as: ModeResponse.self)
  }

  /// Edits the queue by position; answers the new queue length.
  @discardableResult
  public func editQueue(room id: String, _ edit: QueueEdit) async throws(BlastoiseClientError) -> Int {
    try await send("PATCH", APIRoute.roomQueue.path(id), json: ListEditRequest(edit), as: QueueResponse.self)
      .queueLength
  }
}
