import BlastoiseHTTP
import BlastoiseProtocol
import Foundation

/// Values as the server sends them, and the server's own JSON encoder.
enum WireSamples {
  static let track = Track(
    id: "sha256:ab", filename: "a.mp3", title: "A", artist: "Ann", duration: 181.5, replayGainDb: -6.2)
  static let room = RoomInfo(
    id: "r1", name: "Main", description: "", trackCount: 2, listenerCount: 1, listeners: ["ann"], isDefault: true,
    createdBy: nil)
  static let state = RoomState(
    track: track, currentTimestamp: 12.25, roomName: "Main", roomID: "r1", description: "d", paused: false,
    currentIndex: 0, listenerCount: 1, listeners: ["ann"], isDefault: true, playbackMode: "shuffle",
    queue: [track], serverTime: 1_764_578_400_123, seq: 42)
  static let importJob = ImportSocketMessage(
    type: .importComplete, id: "job", status: "complete", progress: 100, title: "A", track: track,
    playlistId: "p1")

  /// Exactly what `SocketFrames` and `HTTPResponse.json` write.
  static func serverJSON(_ value: some Encodable) throws -> String {
    String(decoding: try JSONCoding.encoder.encode(value), as: UTF8.self)
  }

  static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(json.utf8))
  }
}
