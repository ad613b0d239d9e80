import BlastoiseTestSupport
import Foundation

/// Feeds on loopback for the outbound client's and the podcast tests: Python's http.server (a
/// child process) serving the files of a folder the test writes — with an ETag from the bytes and
/// a 304 when it matches, so a test changes a feed by rewriting its file — plus gzip, redirects,
/// a permanent one (`/moved?to=…&status=301|308`), a redirect loop, an endless body, a gzip bomb, a status of choice and a request that never
/// answers. `/hits/<name>` says how many 200s and 304s a file was answered with.
final class FeedFixtureSite: @unchecked Sendable {
  let port: UInt16
  let directory: String
  private let child: TestChild

  static let script = #"""
    import gzip, hashlib, http.server, json, os, socketserver, sys, threading, time, urllib.parse
    root = sys.argv[1]
    hits = {}
    lock = threading.Lock()
    bomb = gzip.compress(b"<rss><channel><title>" + b" " * (64 << 20), 1)

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def answer(self, status, body=b"", ctype="application/rss+xml", headers=()):
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            for name, value in headers:
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def count(self, name, status):
            with lock:
                hits.setdefault(name, {"200": 0, "304": 0})[str(status)] += 1

        def do_GET(self):
            parsed = urllib.parse.urlsplit(self.path)
            path, query = parsed.path, urllib.parse.parse_qs(parsed.query)
            parts = path.strip("/").split("/", 1)
            kind, name = parts[0], (parts[1] if len(parts) > 1 else "")
            if kind in ("feeds", "gzip") and "/" not in name and os.path.isfile(os.path.join(root, name)):
                with open(os.path.join(root, name), "rb") as f:
                    body = f.read()
                etag = '"' + hashlib.sha1(body).hexdigest() + '"'
                if self.headers.get("If-None-Match") == etag:
                    self.count(name, 304)
                    self.send_response(304)
                    self.send_header("ETag", etag)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.count(name, 200)
                headers = [("ETag", etag), ("Last-Modified", "Mon, 01 Dec 2025 10:00:00 GMT")]
                if kind == "gzip":
                    body = gzip.compress(body)
                    headers.append(("Content-Encoding", "gzip"))
                return self.answer(200, body, headers=headers)
            if kind == "hits":
                with lock:
                    return self.answer(200, json.dumps(hits.get(name, {"200": 0, "304": 0})).encode(), "application/json")
            if kind == "redirect":
                return self.answer(302, headers=[("Location", query["to"][0])])
            if kind == "moved":
                return self.answer(int(query.get("status", ["301"])[0]), headers=[("Location", query["to"][0])])
            if kind == "loop":
                return self.answer(302, headers=[("Location", "/loop/" + str(int(name or "0") + 1))])
            if kind == "status":
                return self.answer(int(name), b"nope", "text/plain")
            if kind == "bomb":
                return self.answer(200, bomb, headers=[("Content-Encoding", "gzip")])
            if kind == "endless":
                self.send_response(200)
                self.send_header("Content-Type", "application/rss+xml")
                self.send_header("Connection", "close")
                self.end_headers()
                try:
                    self.wfile.write(b"<rss><channel><title>Endless</title>")
                    item = b"<item><title>again</title><enclosure url='http://x.example/a.mp3'/></item>" * 100
                    while True:
                        self.wfile.write(item)
                except Exception:
                    return
            if kind == "hang":
                time.sleep(3600)
                return
            self.answer(404, b"not here", "text/plain")

    class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
        daemon_threads = True

    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#

  init() async throws {
    directory = try temporaryDirectory()
    (child, port) = try await PythonSite.start(script: Self.script, in: directory, name: "feed site")
  }

  /// Writes (or rewrites) the file served at `/feeds/<name>` and `/gzip/<name>`.
  func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + name), options: .atomic)
  }

  func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// How many full answers and 304s `/feeds/<name>` got.
  func hits(_ name: String) throws -> (full: Int, notModified: Int) {
    let data = try Data(contentsOf: URL(string: url("/hits/\(name)"))!)
    let counts = try JSONDecoder().decode([String: Int].self, from: data)
    return (counts["200"] ?? 0, counts["304"] ?? 0)
  }

  func stop() { child.killGroup() }

  deinit { stop() }
}

/// Feeds written for the tests.
enum FixtureFeeds {
  /// RSS 2.0 with iTunes tags: `episodes` items, the newest first, numbered from 1, each
  /// enclosure `<enclosures>/ep<number>.mp3`.
  static func rss(
    title: String = "Loopback Radio", episodes: Int = 3, retitle: [Int: String] = [:],
    enclosures: String = "https://cdn.example", newFeedURL: String? = nil
  ) -> String {
    let items = (1...max(1, episodes)).reversed().map { number in
      """
      <item>
        <title>\(retitle[number] ?? "Episode \(number)")</title>
        <guid isPermaLink="false">loopback-\(number)</guid>
        <pubDate>\(date(number))</pubDate>
        <description><![CDATA[<p>Show notes for <b>episode \(number)</b></p>]]></description>
        <enclosure url="\(enclosures)/ep\(number).mp3" length="\(1_000 * number)" type="audio/mpeg"/>
        <itunes:duration>\(number):05:00</itunes:duration>
        <itunes:episode>\(number)</itunes:episode>
      </item>
      """
    }.prefix(episodes).joined(separator: "\n")
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
        <channel>
          <title>\(title)</title>
          <link>https://radio.example/</link>
          <description>Talk &amp; music from the loopback.</description>
          <itunes:author>Loop Back</itunes:author>
          \(newFeedURL.map { "<itunes:new-feed-url>\($0)</itunes:new-feed-url>" } ?? "")
          <itunes:image href="https://radio.example/cover.jpg"/>
          \(items)
        </channel>
      </rss>
      """
  }

  static let atom = """
    <?xml version="1.0" encoding="utf-8"?>
    <feed xmlns="http://www.w3.org/2005/Atom">
      <title>Night Reading</title>
      <author><name>Ada Reader</name></author>
      <id>urn:uuid:night</id>
      <entry>
        <title>Chapter 1</title>
        <id>urn:uuid:ch1</id>
        <link rel="enclosure" type="audio/ogg" length="1234567" href="https://night.example/ch1.ogg"/>
        <published>2026-11-18T21:00:00Z</published>
      </entry>
      <entry>
        <title>Chapter 2</title>
        <id>urn:uuid:ch2</id>
        <link rel="enclosure" type="audio/ogg" href="https://night.example/ch2.ogg"/>
        <published>2026-11-19T21:00:00Z</published>
      </entry>
    </feed>
    """

  /// Distinct, increasing with `number` (up to 700).
  private static func date(_ number: Int) -> String {
    String(format: "Sun, %02d Nov 2026 %02d:00:00 GMT", 1 + number / 24, number % 24)
  }
}
