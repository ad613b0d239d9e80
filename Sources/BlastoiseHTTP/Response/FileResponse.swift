import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Builds the response for a file on disk: Range → 206/416, ETag/If-None-Match → 304; the server
/// sends the bytes without copying them through user space (see `FileMappings`).
public enum FileResponse {
  public struct Options: Sendable {
    public var contentType: String
    /// A strong validator; defaults to size and modification time.
    public var etag: String?
    public var cacheControl: String

    public init(contentType: String, etag: String? = nil, cacheControl: String = "no-cache") {
      self.contentType = contentType
      self.etag = etag
      self.cacheControl = cacheControl
    }
  }

  /// Opens `path` and answers `request`; a missing or unreadable file is 404.
  public static func serve(path: String, for request: HTTPRequest, options: Options) -> HTTPResponse {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .error(HTTPError(.notFound, "Not found")) }
    let file = OwnedFileDescriptor(descriptor)
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      return .error(HTTPError(.notFound, "Not found"))
    }
    let size = UInt64(info.st_size)
    let etag = "\"\(options.etag ?? "\(String(size, radix: 16))-\(String(info.st_mtim.tv_sec, radix: 16))")\""

    var headers = HTTPHeaders([
      ("Accept-Ranges", "bytes"), ("ETag", etag), ("Cache-Control", options.cacheControl),
    ])
    if let ifNoneMatch = request.headers["If-None-Match"], ifNoneMatch.matchesETag(etag) {
      return HTTPResponse(status: .notModified, headers: headers)
    }
    headers.add("Content-Type", options.contentType)
    // If-Range with a stale validator means: send the whole new representation.
    let rangeHeader = request.headers["If-Range"].map { $0 == etag } ?? true ? request.headers["Range"] : nil
    switch ByteRangeSelection.select(rangeHeader: rangeHeader, size: size) {
    case .whole:
      return HTTPResponse(status: .ok, headers: headers, body: .file(file, offset: 0, length: size))
    case .partial(let first, let last):
      headers.add("Content-Range", "bytes \(first)-\(last)/\(size)")
      return HTTPResponse(
        status: .partialContent, headers: headers, body: .file(file, offset: first, length: last - first + 1))
    case .unsatisfiable:
      var response = HTTPResponse.error(HTTPError(.rangeNotSatisfiable, "Range not satisfiable"))
      response.headers.add("Content-Range", "bytes */\(size)")
      return response
    }
  }
}

extension String {
  /// `If-None-Match` holds `*` or a comma-separated list of (possibly weak) entity tags.
  func matchesETag(_ etag: String) -> Bool {
    split(separator: ",").contains { candidate in
      let tag = candidate.trimmingSpaces()
      return tag == "*" || tag == etag || tag == "W/" + etag
    }
  }
}
