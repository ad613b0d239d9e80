import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol
import Foundation

/// `/api/photos…`: photo backup and the caller's own photos. Every route needs `upload` (guests
/// have none) and reads only the caller's rows, so nobody sees another's photos, admins
/// included: another person's photo is 404, as a photo that does not exist.
struct PhotoRoutes: Sendable {
  let photos: PhotoService
  /// The resumable uploads, for what a status says is unfinished.
  let uploads: PhotoTusUploads
  let auth: RequestAuthenticator
  let maxPhotoBytes: Int

  func register(on router: inout Router) {
    let photos = photos
    let auth = auth
    router.on(.post, APIRoute.photoBackupCheck.pattern, body: .json(maxBytes: 4 << 20)) { request in
      let person = try await auth.require(.upload, for: request)
      return .json(try await photos.check(try request.decodeJSON(PhotoCheckRequest.self), userID: person.userID))
    }
    router.on(.put, APIRoute.photoBackup.pattern, body: .file(maxBytes: maxPhotoBytes, directory: photos.incoming)) {
      request in
      // Gone before the answer, whatever it is (the server would remove it only after): a
      // filed photo is a link of its own.
      defer { if let body = request.bodyFile { unlink(body.temporaryPath) } }
      let person = try await auth.require(.upload, for: request)
      let query = try PhotoUploadQuery(parameters: request.query)
      guard let body = request.bodyFile, body.size > 0 else {
        throw HTTPError(.badRequest, "Send the file as the body")
      }
      let clientDate = try query.takenAt.map { text in
        guard let date = PhotoCaptureDate.client(text) else {
          throw HTTPError(.badRequest, "takenAt must be ISO 8601 or milliseconds since 1970")
        }
        return date
      }
      let upload = try await photos.ingest(
        body, name: query.name, device: query.device, assetID: query.assetId, clientDate: clientDate, person: person)
      return .json(upload, status: upload.existing ? .ok : .created)
    }
    router.on(.get, APIRoute.photoBackupStatus.pattern) { [uploads] request in
      let person = try await auth.require(.upload, for: request)
      return .json(
        try await photos.status(userID: person.userID, unfinished: uploads.unfinished(userID: person.userID)))
    }
    router.on(.get, APIRoute.photos.pattern) { request in
      let person = try await auth.require(.upload, for: request)
      let query = try PhotoPageQuery(parameters: request.query)
      return .json(
        try await photos.page(userID: person.userID, trashed: query.trashed, limit: query.limit, before: query.before))
    }
    router.on(.get, APIRoute.photo.pattern) { request in
      let person = try await auth.require(.upload, for: request)
      return .json(PhotoService.wire(try await photos.photo(request.pathParameter("id"), userID: person.userID)))
    }
    router.on(.delete, APIRoute.photo.pattern, body: .smallJSON) { request in
      let person = try await auth.require(.upload, for: request)
      return .json(try await photos.trash(request.pathParameter("id"), userID: person.userID))
    }
    router.on(.post, APIRoute.photoRestore.pattern, body: .smallJSON) { request in
      let person = try await auth.require(.upload, for: request)
      return .json(try await photos.restore(request.pathParameter("id"), userID: person.userID))
    }
    router.on(.get, APIRoute.photoThumbnail.pattern) { request in
      let person = try await auth.require(.upload, for: request)
      let size = try PhotoThumbnailSize(parameters: request.query)
      let path = try await photos.thumbnail(request.pathParameter("id"), userID: person.userID, size: size)
      let options = FileResponse.Options(
        contentType: "image/jpeg", etag: path.split(separator: "/").last.map(String.init),
        cacheControl: "private, max-age=31536000, immutable")
      return FileResponse.serve(path: path, for: request, options: options)
    }
    router.on(.get, APIRoute.photoOriginal.pattern) { request in
      let person = try await auth.require(.upload, for: request)
      let photo = try await photos.photo(request.pathParameter("id"), userID: person.userID)
      let options = FileResponse.Options(
        contentType: photo.format.contentType(name: photo.name), etag: photo.sha256,
        cacheControl: "private, max-age=31536000, immutable")
      var response = FileResponse.serve(path: photos.file(of: photo), for: request, options: options)
      if response.status == .ok || response.status == .partialContent {
        response.headers.add("Content-Disposition", ContentDisposition.attachment(photo.name))
      }
      return response
    }
  }
}
