import BlastoiseCore
import BlastoiseHTTP
import Foundation

/// Serves the web app's files from the web directory at `/`.
enum WebAppRoutes {
  static func register(on router: inout Router, webDirectory: String) {
    // A web directory that does not exist yet serves nothing until it does.
    let root = realPath(webDirectory) ?? URL(fileURLWithPath: webDirectory).standardizedFileURL.path
    router.immediate(.get, "/*path") { request throws(HTTPError) in
      guard let file = WebAppFiles.resolve(request.pathParameter("path"), under: root) else {
        throw HTTPError(.notFound, "Not found")
      }
      var response = FileResponse.serve(
        path: file.path, for: request, options: FileResponse.Options(contentType: file.contentType))
      for (name, value) in securityHeaders { response.headers.set(name, value) }
      return response
    }
  }

  /// The page loads only its own scripts and styles, never inline ones: tag text and file names
  /// are attacker-controlled, so even a rendering mistake cannot run a script. Audio may come from
  /// blob: URLs (the track cache) and from https: publishers (a podcast episode not downloaded
  /// here, as any podcast app plays it; never plain http, so a feed cannot point the page at a
  /// device on the listener's network), and the room socket from ws:/wss: on this host.
  static let contentSecurityPolicy = [
    "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: blob:",
    "media-src 'self' blob: https:", "connect-src 'self' ws: wss:", "font-src 'self'", "object-src 'none'",
    "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
  ].joined(separator: "; ")

  static let securityHeaders: [(String, String)] = [
    ("Content-Security-Policy", contentSecurityPolicy),
    ("Referrer-Policy", "same-origin"),
    ("X-Frame-Options", "DENY"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
    ("Permissions-Policy", "camera=(), microphone=(), geolocation=()"),
  ]
}

/// Maps a request path to a file inside the web root, refusing anything that could leave it.
enum WebAppFiles {
  struct File: Equatable {
    let path: String
    let contentType: String
  }

  static let contentTypes = [
    "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
    "json": "application/json", "svg": "image/svg+xml", "png": "image/png", "ico": "image/x-icon",
    "webmanifest": "application/manifest+json", "txt": "text/plain; charset=utf-8", "woff": "font/woff",
    "woff2": "font/woff2",
  ]

  /// `relativePath` is the already-decoded rest of the URL path. Hidden names, `..`, and anything
  /// whose real path (symlinks resolved) is outside `root` are refused.
  static func resolve(_ relativePath: String, under root: String) -> File? {
    let segments = relativePath.split(separator: "/", omittingEmptySubsequences: true)
    guard segments.allSatisfy({ !$0.hasPrefix(".") && !$0.contains("\\") && !$0.contains("\0") }) else { return nil }
    let relative = segments.isEmpty ? "index.html" : segments.joined(separator: "/")
    guard let candidate = realPath(root + "/" + relative), candidate.hasPrefix(root + "/") else { return nil }
    let name = candidate.split(separator: "/").last ?? ""
    let fileExtension = name.contains(".") ? String(name.split(separator: ".").last ?? "").lowercased() : ""
    return File(path: candidate, contentType: contentTypes[fileExtension] ?? "application/octet-stream")
  }
}
