import BlastoiseProtocol
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Photo backup (`/api/photos…`): what the server has, whole uploads, resumable ones (tus 1.0),
/// and the caller's photos.
extension BlastoiseAPI {
  /// For each item, in order: whether the server has it.
  public func checkPhotos(_ items: [PhotoCheckEntry]) async throws(BlastoiseClientError) -> [Bool] {
    let answer = try await send(
      "POST", APIRoute.photoBackupCheck.path(), json: PhotoCheckRequest(items: items), as: PhotoCheckAnswer.self)
    guard answer.results.count == items.count else { throw .decoding("the check answered for other items") }
    return answer.results.map { $0 == "have" }
  }

  /// Uploads one whole file's bytes.
  public func uploadPhoto(_ bytes: Data, _ query: PhotoUploadQuery) async throws(BlastoiseClientError) -> PhotoUpload {
    try await send(
      "PUT", APIRoute.photoBackup.path(query: query.parameters),
      body: .bytes(bytes, contentType: "application/octet-stream"), as: PhotoUpload.self)
  }

  /// Starts a resumable upload of `length` bytes; answers its path on the server.
  public func startResumableUpload(length: Int, _ query: PhotoUploadQuery) async throws(BlastoiseClientError)
    -> String
  {
    var metadata = [("filename", query.name)]
    if let device = query.device { metadata.append(("device", device)) }
    if let assetId = query.assetId { metadata.append(("assetId", assetId)) }
    if let takenAt = query.takenAt { metadata.append(("takenAt", takenAt)) }
    let header = metadata.map { "\($0.0) \(Data($0.1.utf8).base64EncodedString())" }.joined(separator: ",")
    let (_, response) = try await exchange(
      "POST", APIRoute.photoTus.path(),
      headers: ["Tus-Resumable": "1.0.0", "Upload-Length": "\(length)", "Upload-Metadata": header])
    guard let location = response.value(forHTTPHeaderField: "Location") else {
      throw .decoding("the server named no upload")
    }
    return URL(string: location)?.path ?? location
  }

  /// How many bytes of a resumable upload the server has; nil when it has no such upload (it
  /// expired, or was filed).
  public func resumableUploadOffset(_ path: String) async throws(BlastoiseClientError) -> Int? {
    do throws(BlastoiseClientError) {
      let (_, response) = try await exchange("HEAD", path, headers: ["Tus-Resumable": "1.0.0"])
      return response.value(forHTTPHeaderField: "Upload-Offset").flatMap { Int($0) }
    } catch {
      if error.status == 404 || error.status == 410 { return nil }
      throw error
    }
  }

  /// Sends a resumable upload's bytes from `offset`, with their SHA-256 for the server to check
  /// when given; answers the new offset, and the photo once the last bytes filed it.
  public func continueResumableUpload(_ path: String, offset: Int, _ bytes: Data, sha256: Data?)
    async throws(BlastoiseClientError) -> (offset: Int, photoID: String?)
  {
    var headers = ["Tus-Resumable": "1.0.0", "Upload-Offset": "\(offset)"]
    if let sha256 { headers["Upload-Checksum"] = "sha256 \(sha256.base64EncodedString())" }
    let (_, response) = try await exchange(
      "PATCH", path, body: .bytes(bytes, contentType: "application/offset+octet-stream"), headers: headers)
    guard let next = response.value(forHTTPHeaderField: "Upload-Offset").flatMap({ Int($0) }) else {
      throw .decoding("the server did not say the upload's offset")
    }
    return (next, response.value(forHTTPHeaderField: "Blastoise-Photo-Id"))
  }

  /// A page of the caller's photos, newest first.
  public func photos(_ query: PhotoPageQuery = PhotoPageQuery()) async throws(BlastoiseClientError) -> PhotoPage {
    try await send("GET", APIRoute.photos.path(query: query.parameters), as: PhotoPage.self)
  }

  public func photoBackupStatus() async throws(BlastoiseClientError) -> PhotoBackupStatus {
    try await send("GET", APIRoute.photoBackupStatus.path(), as: PhotoBackupStatus.self)
  }
}
