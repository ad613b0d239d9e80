import BlastoiseProtocol
import Foundation

/// URL import: `POST /api/fetch`, `POST /api/fetch/confirm`, `GET /api/fetch`,
/// `DELETE /api/fetch/:id`, `DELETE /api/fetch`. Progress arrives on the room socket.
extension BlastoiseAPI {
  /// Looks at a URL: one item is queued at once (`.single`); a playlist waits for `confirmImport`.
  public func fetch(url: String) async throws(BlastoiseClientError) -> ImportAnswer {
    try await send("POST", "/api/fetch", json: URLBody(url: url), as: ImportAnswer.self)
  }

  /// Queues the chosen entries of a playlist answer.
  public func confirmImport(playlistTitle: String?, items: [ImportItem]) async throws(BlastoiseClientError)
    -> ImportConfirmResponse
  {
    try await send(
      "POST", "/api/fetch/confirm", json: ImportConfirmRequest(playlistTitle: playlistTitle, items: items),
      as: ImportConfirmResponse.self)
  }

  public func importJobs() async throws(BlastoiseClientError) -> [ImportJobInfo] {
    try await send("GET", "/api/fetch", as: [ImportJobInfo].self)
  }

  public func cancelImport(_ id: String) async throws(BlastoiseClientError) {
    _ = try await sendRaw("DELETE", "/api/fetch/" + Self.segment(id))
  }

  /// Cancels or clears all of one's jobs.
  public func clearImportJobs() async throws(BlastoiseClientError) {
    _ = try await sendRaw("DELETE", "/api/fetch")
  }
}

/// `POST /api/fetch`'s answer, by its `type`.
public enum ImportAnswer: Sendable, Equatable, Decodable {
  case single(ImportSingleResponse)
  case playlist(ImportPlaylistResponse)

  enum CodingKeys: String, CodingKey { case type }

  public init(from decoder: any Decoder) throws {
    let type = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .type)
    self =
      type == "playlist"
      ? .playlist(try ImportPlaylistResponse(from: decoder)) : .single(try ImportSingleResponse(from: decoder))
  }
}
