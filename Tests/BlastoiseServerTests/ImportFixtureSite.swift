import BlastoiseTestSupport
import Foundation

/// A small web site on loopback for URL import tests: Python's http.server (a child process,
/// started with an argument vector) serving generated WAVs, an RSS feed of two enclosures, a
/// slow download that trickles bytes, a URL that never answers, a redirect, and 404s.
final class ImportFixtureSite: @unchecked Sendable {
  let port: UInt16
  let directory: String
  private let child: TestChild

  static let script = #"""
    import http.server, os, socketserver, sys, time
    root = sys.argv[1]

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def do_HEAD(self):
            self.route(head=True)

        def do_GET(self):
            self.route(head=False)

        def answer(self, status, ctype, body, head):
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if not head:
                self.wfile.write(body)

        def route(self, head):
            path = self.path.split("?", 1)[0].split("#", 1)[0]
            name = path.lstrip("/")
            if name.endswith(".wav") and "/" not in name and os.path.isfile(os.path.join(root, name)):
                with open(os.path.join(root, name), "rb") as f:
                    return self.answer(200, "audio/wav", f.read(), head)
            if path == "/feed.xml":
                base = "http://" + self.headers.get("Host", "127.0.0.1")
                items = "".join(
                    f'<item><title>{title}</title><guid>{guid}</guid>'
                    f'<enclosure url="{base}/{guid}.wav" type="audio/wav" length="1"/></item>'
                    for title, guid in (("First", "first"), ("Second", "second")))
                body = ('<?xml version="1.0"?><rss version="2.0"><channel><title>Test Feed</title>'
                        + items + "</channel></rss>").encode()
                return self.answer(200, "application/rss+xml", body, head)
            if path == "/slow.wav":
                self.send_response(200)
                self.send_header("Content-Type", "audio/wav")
                self.send_header("Content-Length", "20000000")
                self.end_headers()
                if head:
                    return
                try:
                    while True:
                        self.wfile.write(b"\0" * 2048)
                        self.wfile.flush()
                        time.sleep(0.05)
                except Exception:
                    return
            if path == "/hang":
                time.sleep(3600)
                return
            if path == "/redirect":
                self.send_response(302)
                self.send_header("Location", self.path.split("to=", 1)[1])
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self.answer(404, "text/plain", b"not here", head)

    class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
        daemon_threads = True

    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#

  /// Starts the site with `files` (name → bytes) in its folder.
  init(files: [String: Data]) async throws {
    directory = try temporaryDirectory()
    for (name, data) in files { try data.write(to: URL(fileURLWithPath: directory + "/" + name)) }
    (child, port) = try await PythonSite.start(script: Self.script, in: directory, name: "fixture site")
  }

  static func start(files: [String: Data]) async throws -> ImportFixtureSite {
    try await ImportFixtureSite(files: files)
  }

  func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  func stop() { child.killGroup() }

  deinit { stop() }
}
