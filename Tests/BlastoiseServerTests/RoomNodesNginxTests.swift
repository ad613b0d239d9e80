import BlastoiseTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Three nodes behind nginx (Debian's, as a throwaway unprivileged process on a loopback port),
/// round robin and no sticky sessions: sockets and requests land on different nodes, and every
/// listener still follows every action.
@Suite(
  .enabled(if: TestPostgres.url != nil, "needs \(TestPostgres.variable) (scripts/test-postgres)"),
  .enabled(if: FileManager.default.isExecutableFile(atPath: NginxProcess.executable), "needs nginx-light"))
struct RoomNodesNginxTests {
  @Test func listenersBehindNginxFollowActionsThatLandOnOtherNodes() async throws {
    let port = try NginxProcess.freePort()
    try await RoomNodesProcessTests.withNodes(
      3, seconds: [30, 40, 50], arguments: ["--public-url", "http://127.0.0.1:\(port)"]
    ) { nodes, room in
      let nginx = try await NginxProcess(port: port, upstreams: nodes.map(\.process.port))
      let front = APIClient(base: "http://127.0.0.1:\(port)")
      front.cookie = nodes[0].client.cookie
      // Round robin: three sockets, one on each node.
      var sockets: [SocketClient] = []
      for _ in 0..<3 {
        let socket = try await SocketClient.connect(
          port: port, path: "/api/channels/\(room)/ws", cookie: front.cookie)
        _ = try await socket.state { ($0["queue"] as? [Any])?.count == 3 }
        sockets.append(socket)
      }
      try await sockets[0].send(json: ["action": "pause"])
      for socket in sockets { _ = try await socket.state { $0["paused"] as? Bool == true } }
      // Three seeks through nginx, one per node; everyone ends at the last.
      for target in [5.0, 6.0, 7.0] {
        #expect(try await front.post("/api/channels/\(room)/seek", #"{"timestamp":\#(target)}"#).status == 200)
      }
      for socket in sockets {
        _ = try await socket.state { ($0["currentTimestamp"] as? Double).map { abs($0 - 7) < 0.001 } ?? false }
      }
      let tracks = try await front.get("/api/library").json([SeedTrack].self).map(\.id)
      let edit = try await front.request("PATCH", "/api/channels/\(room)/queue", json: #"{"add":["\#(tracks[1])"]}"#)
      #expect(edit.status == 200)
      for socket in sockets { _ = try await socket.state { ($0["queue"] as? [Any])?.count == 4 } }
      nginx.stop()
    }
  }
}

/// nginx in the foreground on a loopback port, proxying HTTP and WebSocket upgrades to the
/// nodes; as root it runs as `nobody`, so its files live in a folder anyone may use.
final class NginxProcess: Sendable {
  static let executable = "/usr/sbin/nginx"
  let child: TestChild

  /// `serverOptions` go on each upstream's line (`max_fails=0`: never taken out for failing).
  init(port: UInt16, upstreams: [UInt16], serverOptions: String = "") async throws {
    let folder = try TestRun.makeDirectory("nginx")
    chmod(folder, 0o777)
    let servers = upstreams.map { "server 127.0.0.1:\($0) \(serverOptions);" }.joined(separator: " ")
    let config = """
      daemon off; master_process off; worker_processes 1;
      pid \(folder)/nginx.pid; error_log \(folder)/error.log warn;
      events { worker_connections 1024; }
      http {
        access_log off;
        client_body_temp_path \(folder)/body; proxy_temp_path \(folder)/proxy;
        fastcgi_temp_path \(folder)/fastcgi; uwsgi_temp_path \(folder)/uwsgi; scgi_temp_path \(folder)/scgi;
        upstream blastoise { \(servers) }
        map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
        server {
          listen 127.0.0.1:\(port);
          location / {
            proxy_pass http://blastoise;
            proxy_http_version 1.1;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_read_timeout 300s;
          }
        }
      }
      """
    try config.write(toFile: "\(folder)/nginx.conf", atomically: true, encoding: .utf8)
    var command = [Self.executable, "-e", "\(folder)/error.log", "-p", folder, "-c", "\(folder)/nginx.conf"]
    if getuid() == 0 {
      command = ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"] + command
    }
    child = try TestChild(command[0], Array(command.dropFirst()), environment: [:])
    for _ in 0..<2400 {  // 60 s: a hang guard
      if (try? Loopback.connect(port: port, timeout: .seconds(1))).map({ close($0) }) != nil { return }
      guard child.isRunning else { break }
      try await Task.sleep(for: .milliseconds(25))
    }
    throw ProcessFailure(message: "nginx did not start: \(child.errorText)")
  }

  func stop() { child.signal(SIGTERM) }

  /// A port nobody listens on now, below the kernel's ephemeral range: servers under test bind
  /// port 0, so none of them can take it in the seconds before nginx binds it (one did, once,
  /// and the test talked to another test's server).
  static func freePort() throws -> UInt16 {
    let range =
      (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8))
      .flatMap { $0.split(whereSeparator: \.isWhitespace).first.flatMap { UInt16($0) } } ?? 32768
    let below = max(range, 11000)
    for _ in 0..<200 {
      let port = UInt16.random(in: 10000..<below)
      if canBind(port) { return port }
    }
    throw ProcessFailure(message: "no free port below \(below)")
  }

  private static func canBind(_ port: UInt16) -> Bool {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }
}
