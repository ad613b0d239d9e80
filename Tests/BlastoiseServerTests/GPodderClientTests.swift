import BlastoiseProtocol
import BlastoiseTestSupport
import Foundation
import Testing

/// The gPodder API with a real third-party client: Debian's python3-mygpoclient (the library
/// gPodder itself syncs with), against the real server on loopback and its SQLite file.
@Suite struct GPodderClientTests {
  /// What the client does, one phase an invocation; it prints what it saw as JSON.
  static let script = #"""
    import json, sys
    from mygpoclient import api, http
    base, user, password, phase = sys.argv[1:5]
    client = api.MygPodderClient(user, password, base)
    out = {}
    try:
        if phase == "sync":
            out["device"] = client.update_device_settings("phone", "Ann's phone", "mobile")
            client.update_subscriptions("phone", ["http://a.example/feed.xml", "https://b.example/rss"], [])
            first = client.pull_subscriptions("laptop", 0)
            out["added"] = sorted(first.add)
            client.update_subscriptions("phone", [], ["http://a.example/feed.xml"])
            later = client.pull_subscriptions("laptop", first.since)
            out["removed"] = later.remove
            play = api.EpisodeAction("https://b.example/rss", "https://b.example/ep1.mp3", "play", device="phone",
                                     timestamp="2026-01-01T10:00:00", started=0, position=754, total=3600)
            out["uploaded"] = client.upload_episode_actions([play])
            out["devices"] = [(d.device_id, d.caption, d.type, d.subscriptions) for d in client.get_devices()]
            out["simple"] = client.get_subscriptions("phone")
        elif phase == "resume":
            changes = client.download_episode_actions(int(sys.argv[5]))
            out["actions"] = [(a.episode, a.action, a.position, a.total, a.podcast) for a in changes.actions]
        elif phase == "replace":
            out["put"] = client.put_subscriptions("phone", ["https://c.example/feed"])
            out["simple"] = client.get_subscriptions("phone")
    except http.Unauthorized:
        out["error"] = "unauthorized"
    print(json.dumps(out))
    """#

  struct Sync: Decodable {
    let device: Bool?
    let added: [String]?
    let removed: [String]?
    let uploaded: Int64?
    let devices: [[AnyJSON]]?
    let simple: [String]?
    let actions: [[AnyJSON]]?
    let put: Bool?
    let error: String?
  }

  /// A JSON scalar, for the client's tuples.
  enum AnyJSON: Decodable, Equatable {
    case string(String), number(Double), null
    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        self = .null
      } else if let number = try? container.decode(Double.self) {
        self = .number(number)
      } else {
        self = .string(try container.decode(String.self))
      }
    }
  }

  static func client(_ server: TestServer, _ user: String, _ password: String, _ phase: String, _ extra: [String] = [])
    async throws -> Sync
  {
    // Debian's python3, which has python3-mygpoclient (PATH may lead to another).
    let child = try TestChild(
      "/usr/bin/python3", ["-c", script, server.base, user, password, phase] + extra,
      environment: ["LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    let status = try await child.waitForExit()
    #expect(status == 0, "\(child.errorText)")
    return try JSONDecoder().decode(Sync.self, from: child.output)
  }

  @Test func antennaPodsPositionShowsInTheWebAppAndTheWebAppsInTheClient() async throws {
    let server = try await TestServer { _ in }
    let web = server.client()
    try await web.signUp("ann")
    let made = try await web.post(APIRoute.appPasswords.path(), #"{"name":"gPodder"}"#).json(CreatedAppPassword.self)

    let sync = try await Self.client(server, "ann", made.password, "sync")
    #expect(sync.error == nil && sync.device == true)
    #expect(sync.added == ["http://a.example/feed.xml", "https://b.example/rss"])
    #expect(sync.removed == ["http://a.example/feed.xml"])
    #expect(sync.devices == [[.string("phone"), .string("Ann's phone"), .string("mobile"), .number(1)]])
    #expect(sync.simple == ["https://b.example/rss"])

    // The web app sees where AntennaPod got to...
    let episode = APIRoute.progressItem.path("episodes", "https://b.example/ep1.mp3")
    let heard = try await web.get(episode).json(ListeningProgress.self)
    #expect(heard.position == 754 && heard.duration == 3600 && heard.feed == "https://b.example/rss")
    #expect(heard.positionAt == 1_767_261_600_000)  // 2026-01-01T10:00:00Z
    let uploaded = try #require(sync.uploaded)

    // The web app plays on; the client, asking for what changed since its upload, resumes there.
    let now = Int64(Date().timeIntervalSince1970 * 1000)
    _ = try await web.request("PUT", episode, json: #"{"position":1800.4,"at":\#(now)}"#)
    let resume = try await Self.client(server, "ann", made.password, "resume", [String(uploaded)])
    #expect(
      resume.actions == [
        [
          .string("https://b.example/ep1.mp3"), .string("play"), .number(1800), .number(3600),
          .string("https://b.example/rss"),
        ]
      ])

    let replaced = try await Self.client(server, "ann", made.password, "replace")
    #expect(replaced.put == true && replaced.simple == ["https://c.example/feed"])
    // The simple API's OPML, for podcast apps that import a file.
    let opml = try await web.get("/subscriptions/ann/phone.opml")
    #expect(opml.status == 200 && opml.header("Content-Type") == "text/x-opml; charset=utf-8")
    #expect(opml.text.contains(#"xmlUrl="https://c.example/feed""#))
    await server.stop()
  }

  @Test func wrongOrRevokedCredentialsAreRefused() async throws {
    let server = try await TestServer { _ in }
    let web = server.client()
    try await web.signUp("ann")
    try await web.signUp("bob")
    let made = try await web.post(APIRoute.appPasswords.path(), #"{"name":"Kasts"}"#).json(CreatedAppPassword.self)
    #expect(try await Self.client(server, "ann", "not-it", "sync").error == "unauthorized")
    // Bob's app password is not Ann's.
    #expect(try await Self.client(server, "ann", made.password, "sync").error == "unauthorized")
    // The account's own password works too.
    #expect(try await Self.client(server, "bob", "password123", "replace").put == true)
    _ = try await web.request("DELETE", APIRoute.appPassword.path(made.appPassword.id))
    #expect(try await Self.client(server, "bob", made.password, "replace").error == "unauthorized")
    await server.stop()
  }
}
