import BlastoiseProtocol

/// URL import: `POST /api/fetch`, `POST /api/fetch/confirm`, `GET /api/fetch`,
/// `DELETE /api/fetch/:id`, `DELETE /api/fetch`. Progress arrives on the room socket.
extension BlastoiseAPI {
  /// Looks at a URL: one item is queued at once (`.single`); a playlist waits for `confirmImport`.
  public func probeImport(url: String) async throws(BlastoiseClientError) -> ImportAnswer {
    try await send("POST", APIRoute.imports.path(), json: ImportRequest(url: url), as: ImportAnswer.self)
  }

  /// Queues the chosen entries of a playlist answer.
  public func confirmImport(playlistTitle: String?, items: [ImportItem]) async throws(BlastoiseClientError)
    -> ImportConfirmResponse
  {
    try await send(
      "POST", APIRoute.importConfirm.path(), json: ImportConfirmRequest(playlistTitle: playlistTitle, items: items),
      as: ImportConfirmResponse.self)
  }

  public func importJobs() async throws(BlastoiseClientError) -> [ImportJobInfo] {
    try await send("GET", APIRoute.imports.path(), as: [ImportJobInfo].self)
  }

  public func cancelImport(_ id: String) async throws(BlastoiseClientError) {
    _ = try await sendRaw("DELETE", APIRoute.importJob.path(id))
  }

  /// Cancels or clears all of one's jobs.
  public func clearImportJobs() async throws(BlastoiseClientError) {
    _ = try await sendRaw("DELETE", APIRoute.imports.path())
  }
}
