import BlastoiseCore
import BlastoiseHTTP
import BlastoiseMedia
import BlastoiseProtocol
import Foundation

/// `/api/photos/tus…`: photo backup by resumable upload (tus 1.0: core, creation, termination,
/// expiration, checksum). The creation's `Upload-Metadata` names the file (`filename`, or
/// `name`) and may give `device`, `assetId` and `takenAt`; the last PATCH files the photo as
/// `PUT /api/photos/backup` does and says which it became (`Blastoise-Photo-Id`). An upload is
/// its creator's alone: anyone else gets 404.
struct PhotoTusRoutes: Sendable {
  let photos: PhotoService
  let uploads: PhotoTusUploads
  let auth: RequestAuthenticator
  let maxPhotoBytes: Int
  let clock: any WallClock

  func register(on router: inout Router) {
    let routes = self
    router.on(.options, APIRoute.photoTus.pattern) { _ in
      HTTPResponse(
        status: .noContent,
        headers: HTTPHeaders([
          ("Tus-Resumable", Tus.version), ("Tus-Version", Tus.version), ("Tus-Extension", Tus.extensions),
          ("Tus-Max-Size", "\(routes.maxPhotoBytes)"), ("Tus-Checksum-Algorithm", Tus.checksumAlgorithms),
        ]))
    }
    router.on(.post, APIRoute.photoTus.pattern) { request in try await routes.create(request) }
    router.on(.head, APIRoute.photoTusUpload.pattern) { request in
      let (_, upload, offset) = try await routes.owned(request)
      return routes.answer(
        .ok,
        [
          ("Upload-Offset", "\(offset)"), ("Upload-Length", "\(upload.length)"), ("Cache-Control", "no-store"),
          ("Upload-Expires", Tus.httpDate(milliseconds: upload.expiresAt)),
        ])
    }
    router.on(.patch, APIRoute.photoTusUpload.pattern, body: .append(maxBytes: maxPhotoBytes, uploads.appender)) {
      request in try await routes.append(request)
    }
    router.on(.delete, APIRoute.photoTusUpload.pattern) { request in
      let (id, _, _) = try await routes.owned(request)
      routes.uploads.remove(id)
      return routes.answer(.noContent, [])
    }
  }

  private func create(_ request: HTTPRequest) async throws -> HTTPResponse {
    let person = try await auth.require(.upload, for: request)
    try PhotoTusUploads.checkVersion(request)
    if request.headers["Upload-Defer-Length"] != nil {
      throw HTTPError(.badRequest, "Send Upload-Length: this server does not take a deferred length")
    }
    guard let length = request.headers["Upload-Length"].flatMap({ Int($0) }), length > 0 else {
      throw HTTPError(.badRequest, "Upload-Length must be a whole number of bytes above 0")
    }
    guard length <= maxPhotoBytes else { throw HTTPError(.payloadTooLarge, "Larger than \(maxPhotoBytes) bytes") }
    let metadata: [String: String]
    do { metadata = try Tus.metadata(request.headers["Upload-Metadata"] ?? "") } catch {
      throw HTTPError(.badRequest, Self.describe(error))
    }
    guard let name = metadata["filename"] ?? metadata["name"] else {
      throw HTTPError(.badRequest, "Upload-Metadata must name the file (filename)")
    }
    do { try PhotoPlacement.checkName(name) } catch { throw HTTPError(.badRequest, "filename: \(error)") }
    if let takenAt = metadata["takenAt"], PhotoCaptureDate.client(takenAt) == nil {
      throw HTTPError(.badRequest, "takenAt must be ISO 8601 or milliseconds since 1970")
    }
    try await photos.checkQuota(adding: Int64(length), userID: person.userID)
    let upload = PhotoTusUploads.Upload(
      userID: person.userID, length: length, name: name, device: metadata["device"], assetId: metadata["assetId"],
      takenAt: metadata["takenAt"], createdAt: clock.milliseconds())
    let id = try uploads.create(upload)
    return answer(
      .created,
      [
        ("Location", APIRoute.photoTusUpload.path(id)),
        ("Upload-Expires", Tus.httpDate(milliseconds: upload.expiresAt)),
      ])
  }

  private func append(_ request: HTTPRequest) async throws -> HTTPResponse {
    let id = request.pathParameter("id")
    guard let appended = request.appended else { throw HTTPError(.internalServerError, "No body was taken") }
    let person: Principal
    do { person = try await auth.require(.upload, for: request) } catch {
      uploads.truncate(id, to: appended.offset)
      throw error
    }
    guard let (upload, _) = uploads.upload(id), upload.userID == person.userID else {
      uploads.truncate(id, to: appended.offset)
      throw HTTPError(.notFound, "No such upload")
    }
    if let header = request.headers["Upload-Checksum"] {
      let checksum: Tus.Checksum
      do { checksum = try Tus.checksum(header) } catch {
        uploads.truncate(id, to: appended.offset)
        throw HTTPError(.badRequest, Self.describe(error))
      }
      let digest = try await photos.lanes.run {
        FileHasher.digest(ofFileAt: appended.path, checksum.algorithm, offset: appended.offset, length: appended.size)
      }
      guard digest == checksum.digest else {
        uploads.truncate(id, to: appended.offset)
        throw HTTPError(460, "Checksum mismatch: the bytes were dropped; send them again from \(appended.offset)")
      }
    }
    let offset = appended.offset + appended.size
    var headers = [("Upload-Offset", "\(offset)"), ("Upload-Expires", Tus.httpDate(milliseconds: upload.expiresAt))]
    if offset == upload.length {
      defer { uploads.remove(id) }
      let filed = try await photos.ingest(
        BodyFile(temporaryPath: appended.path, size: offset), name: upload.name, device: upload.device,
        assetID: upload.assetId, clientDate: upload.takenAt.flatMap(PhotoCaptureDate.client), person: person)
      headers += [("Blastoise-Photo-Id", filed.photo.id), ("Blastoise-Photo-Existing", "\(filed.existing)")]
    }
    return answer(.noContent, headers)
  }

  /// The caller's upload named by the path, with its offset.
  private func owned(_ request: HTTPRequest) async throws -> (String, PhotoTusUploads.Upload, Int) {
    let person = try await auth.require(.upload, for: request)
    try PhotoTusUploads.checkVersion(request)
    let id = request.pathParameter("id")
    guard let (upload, offset) = uploads.upload(id), upload.userID == person.userID else {
      throw HTTPError(.notFound, "No such upload")
    }
    return (id, upload, offset)
  }

  private func answer(_ status: HTTPStatus, _ headers: [(String, String)]) -> HTTPResponse {
    HTTPResponse(status: status, headers: HTTPHeaders([("Tus-Resumable", Tus.version)] + headers))
  }

  private static func describe(_ error: Tus.HeaderError) -> String {
    switch error {
    case .malformed(let message): message
    case .unsupportedAlgorithm(let name): "Upload-Checksum: '\(name)' is not one of \(Tus.checksumAlgorithms)"
    }
  }
}
