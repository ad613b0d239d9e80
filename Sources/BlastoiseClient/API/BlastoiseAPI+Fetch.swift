import BlastoiseProtocol
import Foundation

/// URL import: `POST /api/fetch`, `POST /api/fetch/confirm`, `GET /api/fetch`,
/// `DELETE /api/fetch/:id`, `DELETE /api/fetch`. Progress arrives on the room socket.
extension BlastoiseAPI {
  /// Looks at a URL: one item is queued at once (`.single`); a playlist waits for `confirmFetch`.
  public func fetch(url: String) async throws(BlastoiseClientError) -> FetchAnswer {
    try await send("POST", "/api/fetch", json: URLBody(url: url), as: FetchAnswer.self)
  }

  /// Queues the chosen entries of a playlist answer.
  public func confirmFetch(playlistTitle: String?, items: [FetchItem]) async throws(BlastoiseClientError)
    -> FetchConfirmResponse
  {
    try await send(
      "POST", "/api/fetch/confirm", json: FetchConfirmRequest(playlistTitle: playlistTitle, items: items),
      as: FetchConfirmResponse.self)
  }

  public func fetchJobs() async throws(BlastoiseClientError) -> [FetchJobInfo] {
    try await send("GET", "/api/fetch", as: [FetchJobInfo].self)
  }

  public func cancelFetch(_ id: String) async throws(BlastoiseClientError) {
    _ = try await sendRaw("DELETE", "/api/fetch/" + Self.segment(id))
  }

  /// Cancels or clears all of one's jobs.
  public func clearFetchJobs() async throws(BlastoiseClientError) {
    _ = try await sendRaw("DELETE", "/api/fetch")
  }
}

/// `POST /api/fetch`'s answer, by its `type`.
public enum FetchAnswer: Sendable, Equatable, Decodable {
  case single(FetchSingleResponse)
  case playlist(FetchPlaylistResponse)

  enum CodingKeys: String, CodingKey { case type }

  public init(from decoder: any Decoder) throws {
    let type = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .type)
    self =
      type == "playlist"
      ? .playlist(try FetchPlaylistResponse(from: decoder)) : .single(try FetchSingleResponse(from: decoder))
  }
}
