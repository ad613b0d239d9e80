import BlastoiseServer
import Foundation
import Testing

/// URL import end to end: the real server, real yt-dlp, a real web site on loopback.
@Suite(.exclusive) struct ImportTests {
  struct Single: Decodable {
    let type: String
    let id: String
    let title: String
  }

  struct PlaylistAnswer: Decodable {
    struct Item: Codable {
      let id: String?
      let url: String
      let title: String
    }
    let type: String
    let title: String
    let count: Int
    let items: [Item]
    let requiresConfirmation: Bool?
  }

  struct ConfirmAnswer: Decodable {
    let message: String
    let playlistId: String?
    let playlistName: String?
    let items: [PlaylistAnswer.Item]?
  }

  struct Job: Decodable {
    let id: String
    let url: String
    let title: String
    let status: String
    let progress: Int
    let error: String?
    let trackId: String?
    let playlistId: String?
  }

  static let song = LibraryRoutesTests.wav(seconds: 2, frequency: 550, title: nil)

  static func site() async throws -> ImportFixtureSite {
    try await ImportFixtureSite.start(files: [
      "song.wav": song,
      "first.wav": LibraryRoutesTests.wav(seconds: 1, frequency: 440, title: nil),
      "second.wav": LibraryRoutesTests.wav(seconds: 1.5, frequency: 330, title: nil),
    ])
  }

  /// A server with import on (private addresses allowed, so the loopback site works), signed in
  /// as its admin.
  static func server(
    dataDirectory: String? = nil, _ configure: @escaping (inout ServerConfiguration) -> Void = { _ in }
  ) async throws -> (TestServer, APIClient) {
    let server = try await TestServer {
      $0.urlImportEnabled = true
      $0.allowPrivateImports = true
      // Hang guards: yt-dlp is a Python program that may start slowly on a loaded machine.
      $0.importSocketTimeoutSeconds = 30
      $0.importProbeTimeoutSeconds = 120
      $0.importTimeoutSeconds = 300
      if let dataDirectory { $0.dataDirectory = dataDirectory }
      configure(&$0)
    }
    let client = server.client()
    if dataDirectory == nil { try await client.signUp("owner") } else { try await client.logIn("owner") }
    return (server, client)
  }

  static func socket(_ server: TestServer, _ client: APIClient) async throws -> SocketClient {
    let rooms = try await client.get("/api/channels").json([SeedChannelInfo].self)
    let room = try #require(rooms.first(where: \.isDefault)?.id)
    let socket = try await SocketClient.connect(
      port: server.server.port, path: "/api/channels/\(room)/ws", cookie: client.cookie)
    _ = try await socket.state()
    return socket
  }

  static func message(
    _ socket: SocketClient, _ type: String, job: String, timeout: TimeInterval = 60,
    where extra: @escaping @Sendable ([String: Any]) -> Bool = { _ in true }
  ) async throws -> [String: Any] {
    try await socket.message(timeout: timeout) {
      $0["type"] as? String == type && $0["id"] as? String == job && extra($0)
    }
  }

  static func jobs(_ client: APIClient) async throws -> [Job] {
    try await client.get("/api/fetch").json([Job].self)
  }

  /// Polls `GET /api/fetch` until job `id` matches. Waiting here rather than in a blocking
  /// socket read keeps the shared worker pool free for the servers; the socket messages are
  /// read afterwards, from what has already arrived.
  @discardableResult
  static func waitForJob(
    _ client: APIClient, _ id: String, timeout: Duration = .seconds(120), until done: (Job) -> Bool
  ) async throws -> Job {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if let job = try await jobs(client).first(where: { $0.id == id }), done(job) { return job }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw ProcessFailure(message: "job \(id) did not get there in \(timeout)")
  }

  /// Names in `<data-dir>/imports`, hidden ones included.
  static func imports(_ server: TestServer, dataDirectory: String? = nil) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: (dataDirectory ?? server.dataDirectory) + "/imports"))
      ?? []).sorted()
  }

  @Test func statusReportsImportAsEnabledAndAvailable() async throws {
    let (server, client) = try await Self.server()
    let status = try await client.get("/api/status").json([String: AnyDecodable].self)
    #expect(status["ytdlp"]?.object?["enabled"] as? Bool == true)
    #expect(status["ytdlp"]?.object?["available"] as? Bool == true)
    await server.stop()
  }

  @Test func singleImportReportsProgressAndJoinsTheLibrary() async throws {
    let site = try await Self.site()
    let (server, client) = try await Self.server()
    let socket = try await Self.socket(server, client)

    let answer = try await client.post("/api/fetch", #"{"url":"\#(site.url("/song.wav"))"}"#)
    #expect(answer.status == 200, "\(answer.text)")
    let single = try answer.json(Single.self)
    #expect(single.type == "single")
    #expect(single.title == "song")

    try await Self.waitForJob(client, single.id) { $0.status == "complete" }
    let downloading = try await Self.message(socket, "fetch_progress", job: single.id) {
      $0["status"] as? String == "downloading"
    }
    #expect(downloading["progress"] is Int)
    let complete = try await Self.message(socket, "fetch_complete", job: single.id)
    #expect(complete["status"] as? String == "complete")
    #expect(complete["progress"] as? Int == 100)
    let track = try #require(complete["track"] as? [String: Any])
    let trackID = try #require(track["id"] as? String)
    #expect(track["title"] as? String == "song")

    let library = try await client.get("/api/library").json([SeedTrack].self)
    #expect(library.map(\.id) == [trackID])
    #expect(Self.imports(server) == ["song.wav"])  // no download folder left behind
    let stored = try Data(contentsOf: URL(fileURLWithPath: server.dataDirectory + "/imports/song.wav"))
    #expect(stored == Self.song)  // kept as it was, not re-encoded

    let jobs = try await Self.jobs(client)
    #expect(jobs.count == 1)
    #expect(jobs.first?.status == "complete")
    #expect(jobs.first?.trackId == trackID)

    // The same bytes again: complete with the existing track, nothing stored twice.
    let again = try await client.post("/api/fetch", #"{"url":"\#(site.url("/song.wav?again"))"}"#).json(Single.self)
    try await Self.waitForJob(client, again.id) { $0.status == "complete" }
    let duplicate = try await Self.message(socket, "fetch_complete", job: again.id)
    #expect((duplicate["track"] as? [String: Any])?["id"] as? String == trackID)
    #expect(Self.imports(server) == ["song.wav"])

    // Clearing forgets finished jobs.
    let cleared = try await client.request("DELETE", "/api/fetch")
    #expect(cleared.status == 200)
    #expect(try await Self.jobs(client).isEmpty)
    await server.stop()
    site.stop()
  }

  @Test func playlistFeedIsConfirmedIntoAPlaylist() async throws {
    let site = try await Self.site()
    let (server, client) = try await Self.server()
    let socket = try await Self.socket(server, client)

    let answer = try await client.post("/api/fetch", #"{"url":"\#(site.url("/feed.xml"))"}"#)
    #expect(answer.status == 200, "\(answer.text)")
    let playlist = try answer.json(PlaylistAnswer.self)
    #expect(playlist.type == "playlist")
    #expect(playlist.title == "Test Feed")
    #expect(playlist.count == 2)
    #expect(playlist.items.map(\.title) == ["First", "Second"])
    #expect(playlist.requiresConfirmation == true)
    #expect(try await Self.jobs(client).isEmpty)  // nothing runs before confirmation

    let body = try JSONEncoder().encode([
      "playlistTitle": AnyEncodable("Test Feed"), "items": AnyEncodable(playlist.items),
    ])
    let confirmed = try await client.request("POST", "/api/fetch/confirm", json: String(decoding: body, as: UTF8.self))
    #expect(confirmed.status == 200, "\(confirmed.text)")
    let confirm = try confirmed.json(ConfirmAnswer.self)
    let playlistID = try #require(confirm.playlistId)
    #expect(confirm.playlistName == "Test Feed")
    let jobIDs = (confirm.items ?? []).compactMap(\.id)
    #expect(jobIDs.count == 2)

    for id in jobIDs { try await Self.waitForJob(client, id) { $0.status == "complete" } }
    var trackIDs: [String: String] = [:]
    while trackIDs.count < jobIDs.count {  // the two run side by side and finish in either order
      let complete = try await socket.message { $0["type"] as? String == "fetch_complete" }
      let id = try #require(complete["id"] as? String)
      trackIDs[id] = (complete["track"] as? [String: Any])?["id"] as? String
      #expect(complete["playlistId"] as? String == playlistID)
    }
    let stored = try await client.get("/api/playlists/\(playlistID)").json(PlaylistTests.SeedPlaylist.self)
    #expect(stored.name == "Test Feed")
    #expect(stored.trackIds == jobIDs.compactMap { trackIDs[$0] })
    let titles = try await client.get("/api/library").json([SeedTrack].self).map(\.title).sorted()
    #expect(titles == ["First", "Second"])
    await server.stop()
    site.stop()
  }

  @Test func cancellingADownloadStopsItAndLeavesNothing() async throws {
    let site = try await Self.site()
    let (server, client) = try await Self.server()
    let socket = try await Self.socket(server, client)

    let single = try await client.post("/api/fetch", #"{"url":"\#(site.url("/slow.wav"))"}"#).json(Single.self)
    try await Self.waitForJob(client, single.id) { $0.status == "downloading" }
    // Wait until bytes are on disk in the job's hidden folder.
    var partial = false
    for _ in 0..<4800 where !partial {  // 120 s: a hang guard
      let folders = Self.imports(server).filter { $0.hasPrefix(".import-") }
      partial = folders.contains {
        !((try? FileManager.default.contentsOfDirectory(
          atPath: server.dataDirectory + "/imports/" + $0)) ?? []).isEmpty
      }
      if !partial { try await Task.sleep(for: .milliseconds(25)) }
    }
    #expect(partial)

    let cancelled = try await client.request("DELETE", "/api/fetch/\(single.id)")
    #expect(cancelled.status == 200, "\(cancelled.text)")
    #expect(try cancelled.json(Job.self).status == "cancelled")
    _ = try await Self.message(socket, "fetch_cancelled", job: single.id)
    #expect(Self.imports(server).isEmpty)
    #expect(try await Self.jobs(client).first?.status == "cancelled")
    #expect(try await client.get("/api/library").json([SeedTrack].self).isEmpty)

    // Finished jobs cannot be cancelled again; unknown ones are 404.
    #expect(try await client.request("DELETE", "/api/fetch/\(single.id)").status == 409)
    #expect(try await client.request("DELETE", "/api/fetch/nosuchjob").status == 404)
    await server.stop()
    site.stop()
  }

  @Test func aDownloadThatOutlivesItsTimeLimitFails() async throws {
    let site = try await Self.site()
    let (server, client) = try await Self.server { $0.importTimeoutSeconds = 2 }
    let socket = try await Self.socket(server, client)
    let single = try await client.post("/api/fetch", #"{"url":"\#(site.url("/slow.wav"))"}"#).json(Single.self)
    try await Self.waitForJob(client, single.id) { $0.status == "error" }
    let failed = try await Self.message(socket, "fetch_error", job: single.id)
    #expect((failed["error"] as? String)?.contains("longer than 2 seconds") == true)
    #expect(Self.imports(server).isEmpty)
    #expect(try await Self.jobs(client).first?.status == "error")
    await server.stop()
    site.stop()
  }

  @Test func sitesThatFailOrHangGiveClearErrorsAndNoJobs() async throws {
    let site = try await Self.site()
    let (server, client) = try await Self.server {
      $0.importSocketTimeoutSeconds = 1
      $0.importProbeTimeoutSeconds = 300
    }
    let missing = try await client.post("/api/fetch", #"{"url":"\#(site.url("/missing.wav"))"}"#)
    #expect(missing.status == 502)
    #expect(missing.errorMessage?.contains("404") == true, "\(missing.text)")

    let hanging = try await client.post("/api/fetch", #"{"url":"\#(site.url("/hang"))"}"#)
    #expect([502, 504].contains(hanging.status), "\(hanging.text)")
    #expect(hanging.errorMessage?.isEmpty == false)
    // yt-dlp's socket timeout ended it, not the server's wall-clock limit for looking at a URL.
    #expect(hanging.errorMessage?.contains("took too long") == false, "\(hanging.text)")

    #expect(try await Self.jobs(client).isEmpty)
    #expect(Self.imports(server).isEmpty)
    await server.stop()
    site.stop()
  }

  @Test func urlsThatAreNotPlainWebAddressesAre400() async throws {
    let (server, client) = try await Self.server()
    let bodies = [
      #"{}"#, #"{"url":""}"#, #"{"url":null}"#, #"{"url":"file:///etc/passwd"}"#, #"{"url":"ftp://example.com/a.mp3"}"#,
      #"{"url":"-oProxyCommand=touch /tmp/pwned"}"#, #"{"url":"--exec=id"}"#, #"{"url":"http://x\n"}"#,
      #"{"url":"http://example.com/a b"}"#, #"{"url":"http://example.com/\u0000"}"#, #"{"url":"javascript:alert(1)"}"#,
      #"{"url":"http://user:secret@example.com/a.mp3"}"#, #"{"url":"http:///nohost"}"#, #"{"url":"example.com/a.mp3"}"#,
      #"{"url":"http://%31%32%37.0.0.1/"}"#, #"{"url":["http://example.com"]}"#, #"{"url":"http://example.com","x":1}"#,
      #"{"url":"http://example.com/\#(String(repeating: "a", count: 3000))"}"#,
    ]
    for body in bodies {
      let response = try await client.post("/api/fetch", body)
      #expect(response.status == 400, "\(body): \(response.text)")
      #expect(response.errorMessage?.isEmpty == false, "\(body)")
    }
    #expect(try await Self.jobs(client).isEmpty)
    await server.stop()
  }

  @Test func privateAddressesNeedTheFlag() async throws {
    let site = try await Self.site()
    let (server, client) = try await Self.server { $0.allowPrivateImports = false }
    for url in [
      site.url("/song.wav"), "http://localhost:\(site.port)/song.wav", "http://[::1]/a.mp3",
      "http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/a.mp3", "http://192.168.1.1/a.mp3",
      "http://[::ffff:127.0.0.1]/a.mp3", "http://[fe80::1]/a.mp3", "http://[fd00::1]/a.mp3", "http://224.0.0.1/",
      "http://0.0.0.0:\(site.port)/song.wav", "http://2130706433/",
    ] {
      let response = try await client.post("/api/fetch", #"{"url":"\#(url)"}"#)
      #expect(response.status == 400, "\(url): \(response.text)")
      #expect(response.errorMessage?.contains("public addresses") == true, "\(url): \(response.text)")
    }
    // Confirming an entry by URL faces the same check, and nothing is created.
    let confirm = try await client.post(
      "/api/fetch/confirm", #"{"playlistTitle":"X","items":[{"url":"http://127.0.0.1:1/a.wav","title":"A"}]}"#)
    #expect(confirm.status == 400)
    #expect(try await client.get("/api/playlists").json(PlaylistTests.SeedBundle.self).mine.isEmpty)
    #expect(try await Self.jobs(client).isEmpty)
    await server.stop()
    site.stop()
  }

  @Test func confirmBodiesAreChecked() async throws {
    let site = try await Self.site()
    let (server, client) = try await Self.server()
    let huge =
      "["
      + Array(repeating: #"{"url":"http://127.0.0.1/a.wav","title":"A"}"#, count: 10_000)
      .joined(separator: ",") + "]"
    let cases: [(String, Int)] = [
      (#"{}"#, 400), (#"{"playlistTitle":"X","items":[]}"#, 400),
      (#"{"playlistTitle":"X","items":[{"id":"nosuchentry","url":"http://127.0.0.1/a.wav","title":"A"}]}"#, 400),
      (#"{"playlistTitle":"X","items":[{"url":"file:///etc/passwd","title":"A"}]}"#, 400),
      (#"{"playlistTitle":"X","items":[{"url":"-oProxy=x","title":"A"}]}"#, 400),
      (#"{"playlistTitle":"X","items":\#(huge)}"#, 400),
    ]
    for (body, status) in cases {
      let response = try await client.post("/api/fetch/confirm", body)
      #expect(response.status == status, "\(body.prefix(120)): \(response.text)")
    }
    // A real entry ID from another user's look is unknown to this one.
    let playlist = try await client.post("/api/fetch", #"{"url":"\#(site.url("/feed.xml"))"}"#)
      .json(PlaylistAnswer.self)
    let other = server.client()
    try await other.signUp("other")
    let foreign = #"{"playlistTitle":"X","items":[{"id":"\#(playlist.items[0].id ?? "")","url":"x","title":"A"}]}"#
    #expect(try await other.post("/api/fetch/confirm", foreign).status == 400)
    #expect(try await client.get("/api/playlists").json(PlaylistTests.SeedBundle.self).mine.isEmpty)
    #expect(try await Self.jobs(client).isEmpty)
    await server.stop()
    site.stop()
  }

  @Test func guestsAndDisabledServersAreRefused() async throws {
    let (server, _) = try await Self.server { $0.allowGuests = true }
    let guest = server.client()
    _ = try await guest.get("/api/auth/me")
    #expect(try await guest.post("/api/fetch", #"{"url":"http://127.0.0.1/a.wav"}"#).status == 403)
    #expect(try await guest.get("/api/fetch").status == 403)
    #expect(try await server.client().get("/api/fetch").status == 401)
    await server.stop()

    let off = try await TestServer()
    let user = off.client()
    try await user.signUp("owner")
    let refused = try await user.post("/api/fetch", #"{"url":"http://127.0.0.1/a.wav"}"#)
    #expect(refused.status == 403)
    #expect(refused.errorMessage?.contains("turned off") == true)
    await off.stop()
  }

  @Test func queuedJobsResumeAfterARestart() async throws {
    let site = try await Self.site()
    let (first, client) = try await Self.server { $0.importConcurrency = 1 }
    let slow = try await client.post("/api/fetch", #"{"url":"\#(site.url("/slow.wav"))"}"#).json(Single.self)
    try await Self.waitForJob(client, slow.id) { $0.status == "downloading" }
    let waiting = try await client.post("/api/fetch", #"{"url":"\#(site.url("/song.wav"))"}"#).json(Single.self)
    #expect(try await Self.jobs(client).map(\.status) == ["downloading", "queued"])
    await first.stop()

    // A download folder left by a crash is discarded at start.
    let dataDirectory = first.dataDirectory
    try FileManager.default.createDirectory(
      atPath: dataDirectory + "/imports/.import-crashed", withIntermediateDirectories: true)
    try Data("half".utf8).write(to: URL(fileURLWithPath: dataDirectory + "/imports/.import-crashed/x.wav.part"))

    let (second, again) = try await Self.server(dataDirectory: dataDirectory)
    #expect(!Self.imports(second, dataDirectory: dataDirectory).contains(".import-crashed"))
    var jobs: [Job] = []
    for _ in 0..<2400 {  // 120 s: a hang guard
      jobs = try await Self.jobs(again)
      if jobs.first(where: { $0.id == waiting.id })?.status == "complete" { break }
      try await Task.sleep(for: .milliseconds(50))
    }
    #expect(jobs.first(where: { $0.id == waiting.id })?.status == "complete")
    #expect(jobs.first(where: { $0.id == slow.id })?.status == "downloading")  // started over
    #expect(try await again.request("DELETE", "/api/fetch/\(slow.id)").status == 200)
    #expect(Self.imports(second, dataDirectory: dataDirectory) == ["song.wav"])
    await second.stop()
    site.stop()
  }
}

extension ImportTests {
  /// Any JSON value, for loosely checking answers.
  struct AnyDecodable: Decodable {
    let value: Any

    var object: [String: Any]? { value as? [String: Any] }

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let bool = try? container.decode(Bool.self) {
        value = bool
      } else if let number = try? container.decode(Double.self) {
        value = number
      } else if let string = try? container.decode(String.self) {
        value = string
      } else if let object = try? container.decode([String: AnyDecodable].self) {
        value = object.mapValues(\.value)
      } else if let array = try? container.decode([AnyDecodable].self) {
        value = array.map(\.value)
      } else {
        value = NSNull()
      }
    }
  }

  struct AnyEncodable: Encodable {
    let encodeValue: (any Encoder) throws -> Void
    init(_ value: some Encodable) { encodeValue = value.encode }
    func encode(to encoder: any Encoder) throws { try encodeValue(encoder) }
  }
}
