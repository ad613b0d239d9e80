import BlastoiseProtocol
import Foundation

/// `GET /api/library`, `GET /api/tracks/:id`, `POST /api/upload`, `POST /api/library/scan`.
extension BlastoiseAPI {
  public func library() async throws(BlastoiseClientError) -> [Track] {
    try await send("GET", APIRoute.library.path(), as: [Track].self)
  }

  /// Where a track's audio is; fetch it with `requestHeaders` (the cookie). Range requests work.
  public func trackURL(_ trackID: String) -> URL {
    url(APIRoute.track.path(trackID))
  }

  /// The whole file of a track.
  public func trackData(_ trackID: String) async throws(BlastoiseClientError) -> Data {
    try await sendRaw("GET", APIRoute.track.path(trackID))
  }

  /// Uploads audio files; bytes the library already has come back as `duplicates`.
  public func upload(_ files: [UploadFile]) async throws(BlastoiseClientError) -> UploadResult {
    let boundary = "blastoise-" + UUID().uuidString
    return try await send(
      "POST", APIRoute.upload.path(),
      body: .multipart(MultipartBody.encode(files, boundary: boundary), boundary: boundary),
      as: UploadResult.self)
  }

  /// Admins: rescan the library now.
  public func scanLibrary() async throws(BlastoiseClientError) -> ScanSummary {
    try await send("POST", APIRoute.libraryScan.path(), as: ScanSummary.self)
  }
}

/// One file for `upload`.
public struct UploadFile: Sendable, Equatable {
  public var filename: String
  public var data: Data
  public var contentType: String

  public init(filename: String, data: Data, contentType: String = "application/octet-stream") {
    self.filename = filename
    self.data = data
    self.contentType = contentType
  }

  public init(contentsOf url: URL) throws(BlastoiseClientError) {
    do {
      self.init(filename: url.lastPathComponent, data: try Data(contentsOf: url))
    } catch {
      throw .transport("cannot read \(url.path): \(error.localizedDescription)")
    }
  }
}

/// multipart/form-data with every file in the field `file`.
enum MultipartBody {
  static func encode(_ files: [UploadFile], boundary: String) -> Data {
    var body = Data()
    for file in files {
      let name = file.filename.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "")
        .replacingOccurrences(of: "\n", with: "")
      body.append(Data("--\(boundary)\r\n".utf8))
      body.append(Data("Content-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\n".utf8))
      body.append(Data("Content-Type: \(file.contentType)\r\n\r\n".utf8))
      body.append(file.data)
      body.append(Data("\r\n".utf8))
    }
    body.append(Data("--\(boundary)--\r\n".utf8))
    return body
  }
}
