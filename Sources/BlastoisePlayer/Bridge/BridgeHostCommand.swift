import BlastoiseBridge
import BlastoiseClient
import BlastoiseHTTP
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `blastoise bridge-host SERVER [--port N] [--audio-output NAME]`: the native half of the bridge
/// (`docs/native-bridge.md`) on Linux, for proving the page's half end to end: a `BridgeHost` on
/// libmpv behind a loopback WebSocket (`ws://127.0.0.1:N/bridge`) that a page's stand-in for
/// `webkit.messageHandlers.blastoise` posts to. As the iOS app does, it takes messages only from
/// the server's origin (the handshake's `Origin`) and uses the page's session cookie (the
/// handshake's `Cookie`: cookies are the host's, not the port's). One page at a time: a new one
/// (a reload) replaces the last, whose position is written first. Stops on SIGINT/SIGTERM.
public enum BridgeHostCommand {
  static let usage = """
    usage: blastoise bridge-host SERVER [--port N] [--audio-output NAME] [--photos DIR [--device NAME]]
      SERVER          the Blastoise server whose page drives the player (http://127.0.0.1:3001)
      --port N        the loopback port of the page's WebSocket (default 0: any free one)
      --audio-output  mpv's audio output (null, pulse, alsa, …; default: mpv's choice)
      --photos DIR    a folder the page's Photo backup card backs up, as a phone's photos
      --device NAME   the device it backs up as (default: bridge-host)
    """

  public static func run(arguments: [String]) async -> Never {
    signal(SIGPIPE, SIG_IGN)
    let flags: CommandFlags
    do {
      flags = try CommandFlags(
        arguments, command: "bridge-host", valued: ["port", "audio-output", "photos", "device"], switches: [],
        environment: ProcessInfo.processInfo.environment, usage: usage)
    } catch {
      fail(error.message == usage ? usage : "blastoise: \(error.message)", status: error.message == usage ? 0 : 2)
    }
    guard flags.positional.count == 1, let server = URL(string: flags.positional[0]),
      let origin = BridgeOrigin(server)
    else { fail("blastoise: bridge-host needs the server's address\n\(usage)", status: 2) }
    guard let port = UInt16(flags.value("port") ?? "0") else { fail("blastoise: --port is a port number", status: 2) }

    let backup = flags.value("photos").map {
      FolderBackup(root: URL(fileURLWithPath: $0, isDirectory: true), device: flags.value("device") ?? "bridge-host")
    }
    let pages = BridgePages(server: server, origin: origin, audioOutput: flags.value("audio-output"), backup: backup)
    var router = Router()
    router.immediate(.get, "/bridge") { (request) throws(HTTPError) -> HTTPResponse in
      let from = request.headers["Origin"] ?? ""
      guard origin.accepts(origin: from) else {
        throw HTTPError(.forbidden, "Only \(origin)'s page may drive this player")
      }
      let cookie = request.headers["Cookie"]
      return try WebSocketUpgrade.response(for: request) { connection in
        // One reader per page, so its messages reach the host in the order it sent them.
        let (texts, sink) = AsyncStream.makeStream(of: String.self)
        Task {
          guard let host = await pages.open(connection, cookie: cookie) else { return }
          for await text in texts { await host.receive(Data(text.utf8), from: from) }
        }
        return WebSocketCallbacks(
          onText: { _, text in sink.yield(text) },
          onClose: { connection, _ in
            sink.finish()
            Task { await pages.closed(connection) }
          })
      }
    }
    var configuration = HTTPServer.Configuration()
    configuration.host = "127.0.0.1"
    configuration.port = port
    configuration.log = { _ in }
    let http = HTTPServer(router: router, configuration: configuration)
    do {
      try http.start()
    } catch {
      fail("blastoise: cannot listen: \(error)", status: 1)
    }
    FileHandle.standardError.write(
      Data("bridge-host listening on ws://127.0.0.1:\(http.port)/bridge for \(origin)\n".utf8))

    let quit = QuitSignals()
    for await _ in quit.signals { break }
    quit.stop()
    await pages.closeAll()
    await http.shutdown(grace: .seconds(1))
    exit(0)
  }

  static func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
  }
}

/// The page connected now, and its host and player.
actor BridgePages {
  let server: URL
  let origin: BridgeOrigin
  let audioOutput: String?
  /// The folder backed up as the phone's photos, if any: one for every page (a reload keeps its
  /// settings and any run going).
  let backup: FolderBackup?
  private var current: (connection: WebSocketConnection, host: BridgeHost, output: MPVAudioOutput)?
  /// Counts opens: one that finds a newer one came while it waited gives way to it.
  private var opens = 0
  /// Pages whose host is being made, and those of them that closed meanwhile.
  private var opening: Set<UInt64> = []
  private var closedEarly: Set<UInt64> = []

  init(server: URL, origin: BridgeOrigin, audioOutput: String?, backup: FolderBackup?) {
    self.server = server
    self.origin = origin
    self.audioOutput = audioOutput
    self.backup = backup
  }

  /// A page connected: the last one's host writes its position and goes; this one gets its own.
  func open(_ connection: WebSocketConnection, cookie: String?) async -> BridgeHost? {
    opens += 1
    let mine = opens
    opening.insert(connection.id)
    defer {
      opening.remove(connection.id)
      closedEarly.remove(connection.id)
    }
    await closeAll()
    guard mine == opens else { return nil }  // a newer page came meanwhile
    do {
      let api = BlastoiseAPI(baseURL: server, cookies: CookieJar(cookieHeader: cookie))
      // The page levels each track through the volume it sends, as it does for the phone's player.
      let output = try MPVAudioOutput(audioOutput: audioOutput, leveling: .off)
      await backup?.use(api)
      let host = BridgeHost(origin: origin, output: output, api: api, backup: backup) { message in
        connection.send(text: String(decoding: message.json(), as: UTF8.self))
      }
      await host.start()
      guard mine == opens, !closedEarly.contains(connection.id) else {
        await host.shutDown()
        output.close()
        return nil
      }
      current = (connection, host, output)
      return host
    } catch {
      connection.send(
        text: String(decoding: HostMessage.error("The player cannot start: \(error)").json(), as: UTF8.self))
      return nil
    }
  }

  func closed(_ connection: WebSocketConnection) async {
    guard current?.connection.id == connection.id else {
      if opening.contains(connection.id) { closedEarly.insert(connection.id) }
      return
    }
    await closeAll()
  }

  func closeAll() async {
    guard let current else { return }
    self.current = nil
    await current.host.shutDown()
    current.output.close()
  }
}
