import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol
import Foundation

/// Resumable uploads (tus 1.0) in progress, kept on the photos folder's disk so every node
/// sharing it can continue one: `<id>` holds the bytes so far (its size is the upload's offset,
/// so a body cut off midway keeps what arrived) and `<id>.json` what the creation said. A PATCH
/// takes an exclusive `flock` on the data file while its body arrives, so two at once cannot
/// both append.
struct PhotoTusUploads: Sendable {
  let directory: String

  struct Upload: Codable, Sendable, Equatable {
    var userID: Int
    var length: Int
    var name: String
    var device: String?
    var assetId: String?
    var takenAt: String?
    var createdAt: Int64

    var expiresAt: Int64 { createdAt + Tus.lifetimeMilliseconds }
  }

  init(directory: String) throws {
    self.directory = directory
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  func dataPath(_ id: String) -> String { directory + "/" + id }
  private func infoPath(_ id: String) -> String { directory + "/" + id + ".json" }

  func create(_ upload: Upload) throws -> String {
    let id = RandomID.make() + RandomID.make() + String(RandomID.make().prefix(8))
    let fd = open(dataPath(id), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw HTTPError(.internalServerError, "Could not start the upload") }
    close(fd)
    do {
      let data = try JSONEncoder().encode(upload)
      try data.write(to: URL(fileURLWithPath: infoPath(id)), options: .atomic)
    } catch {
      unlink(dataPath(id))
      throw HTTPError(.internalServerError, "Could not start the upload")
    }
    return id
  }

  /// The upload and its offset, when `id` names one.
  func upload(_ id: String) -> (upload: Upload, offset: Int)? {
    guard Tus.isUploadID(id), let data = FileManager.default.contents(atPath: infoPath(id)),
      let upload = try? JSONDecoder().decode(Upload.self, from: data)
    else { return nil }
    var info = stat()
    guard stat(dataPath(id), &info) == 0 else { return nil }
    return (upload, Int(info.st_size))
  }

  func remove(_ id: String) {
    guard Tus.isUploadID(id) else { return }
    unlink(infoPath(id))
    unlink(dataPath(id))
  }

  /// Cuts an upload back to `offset` (a chunk whose checksum failed, or sent by someone else).
  func truncate(_ id: String, to offset: Int) {
    _ = Glibc.truncate(dataPath(id), off_t(offset))
  }

  /// Removes uploads that expired before `now`; answers how many.
  func expire(now: Int64) -> Int {
    let expired = all().filter { $0.upload.expiresAt < now }
    for entry in expired { remove(entry.id) }
    return expired.count
  }

  /// The person's uploads begun and not finished, oldest first.
  func unfinished(userID: Int) -> [PhotoUnfinishedUpload] {
    all().filter { $0.upload.userID == userID }.sorted { $0.upload.createdAt < $1.upload.createdAt }.map { entry in
      PhotoUnfinishedUpload(
        name: entry.upload.name, device: entry.upload.device, offset: Int64(entry.offset),
        length: Int64(entry.upload.length), createdAt: entry.upload.createdAt, expiresAt: entry.upload.expiresAt)
    }
  }

  private func all() -> [(id: String, upload: Upload, offset: Int)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".json") }.compactMap { name in
      let id = String(name.dropLast(5))
      return upload(id).map { (id, $0.upload, $0.offset) }
    }
  }

  /// Opens a PATCH's upload for its body, on the HTTP thread: the checks tus asks for before any
  /// byte is taken (version 412, content type 415, offset 409, busy 423, too long 413).
  var appender: BodyAppender {
    let uploads = self
    return BodyAppender("photo-tus") { request throws(HTTPError) in
      try PhotoTusUploads.checkVersion(request)
      guard request.headers["Content-Type"]?.lowercased().hasPrefix(Tus.patchContentType) == true else {
        throw HTTPError(.unsupportedMediaType, "Send the bytes as \(Tus.patchContentType)")
      }
      let id = request.pathParameter("id")
      guard let (upload, _) = uploads.upload(id) else { throw HTTPError(.notFound, "No such upload") }
      guard let claimed = request.headers["Upload-Offset"].flatMap({ Int($0) }), claimed >= 0 else {
        throw HTTPError(.badRequest, "Upload-Offset must be a whole number of bytes")
      }
      let fd = open(uploads.dataPath(id), O_WRONLY | O_APPEND | O_CLOEXEC)
      guard fd >= 0 else { throw HTTPError(.notFound, "No such upload") }
      guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
        close(fd)
        throw HTTPError(423, "Another request is sending this upload's bytes")
      }
      var info = stat()
      guard fstat(fd, &info) == 0 else {
        close(fd)
        throw HTTPError(.internalServerError, "Could not read the upload")
      }
      let offset = Int(info.st_size)
      guard claimed == offset else {
        close(fd)
        throw HTTPError(
          .conflict, "The upload is at \(offset) bytes, not \(claimed)", headers: [("Upload-Offset", "\(offset)")])
      }
      let room = upload.length - offset
      if let declared = request.headers["Content-Length"].flatMap({ Int($0) }), declared > room {
        close(fd)
        throw HTTPError(.payloadTooLarge, "This upload takes \(room) more bytes, not \(declared)")
      }
      return AppendTarget(path: uploads.dataPath(id), descriptor: fd, offset: offset, limit: room)
    }
  }

  /// Every tus request but OPTIONS says which version it speaks (412 otherwise).
  static func checkVersion(_ request: HTTPRequest) throws(HTTPError) {
    guard request.headers["Tus-Resumable"] == Tus.version else {
      throw HTTPError(412, "Send Tus-Resumable: \(Tus.version)", headers: [("Tus-Version", Tus.version)])
    }
  }
}
