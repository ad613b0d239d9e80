import BlastoiseClient
import BlastoiseProtocol
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `blastoise listen URL …`: joins a room and plays it in step on libmpv, with a status line
/// and keys in a terminal (or JSON lines with `--status-json`). SIGINT/SIGTERM (and `q`) quit
/// cleanly: the terminal is restored, the socket closed, mpv shut down. Exit 0; 1 when the
/// server cannot be joined or the room socket is closed for good (kicked); 2 on a usage mistake.
public enum ListenCommand {
  public static func run(arguments: [String]) async -> Never {
    signal(SIGPIPE, SIG_IGN)
    let options: ListenOptions
    do {
      options = try ListenOptions.parse(arguments, environment: ProcessInfo.processInfo.environment)
    } catch {
      if error.message == ListenOptions.usage {
        print(ListenOptions.usage)
        exit(0)
      }
      fail("blastoise: \(error.message)", status: 2)
    }
    let api: BlastoiseAPI
    do {
      api = try BlastoiseAPI(baseURL: options.server)
    } catch {
      fail("blastoise: \(error.message)", status: 2)
    }
    let started = MonotonicClock.system.now()
    await signIn(api, options)
    let output: MPVAudioOutput
    do {
      output = try MPVAudioOutput(audioOutput: options.audioOutput, leveling: options.leveling)
    } catch {
      fail("blastoise: cannot start the audio player: \(error)", status: 1)
    }
    var configuration = ListenerSession.Configuration()
    configuration.outputDelay = options.outputDelayMs / 1000
    let session = ListenerSession(api: api, output: output, configuration: configuration)
    let room: RoomInfo
    do {
      room = try await session.join(roomID: options.roomID, invite: options.invite)
    } catch {
      output.close()
      fail("blastoise: cannot join: \(error.message)", status: 1)
    }

    let quitSignals = QuitSignals()
    let (quit, quitting) = (quitSignals.signals, quitSignals.quit)
    let display = Display(session: session, options: options, startedAt: started)
    let canControl = await session.snapshot.canControl
    display.start(room: room, canControl: canControl)
    if Terminal.inputIsTTY, !options.statusJSON {
      Terminal.enterKeyMode()
      PlayerKey.startReading { key in
        if key == .quit {
          quitting.yield(0)
          return
        }
        Task { await perform(key, on: session) }
      }
    }

    // The room socket gave up for good (kicked, signed out, room deleted): say why and quit.
    let watcher = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(500))
        if case .closed(let reason) = await session.snapshot.connection {
          FileHandle.standardError.write(Data("\nblastoise: disconnected: \(reason)\n".utf8))
          quitting.yield(-1)
          return
        }
      }
    }
    var received: Int32 = 0
    for await number in quit {
      received = number
      break
    }
    watcher.cancel()
    // Used after the wait, so the sources (and their handlers) live until a signal came: an
    // optimized build ends a value's lifetime at its last use.
    quitSignals.stop()
    display.finish()
    Terminal.restore()
    await session.stop()
    output.close()
    exit(received < 0 ? 1 : 0)
  }

  /// `--user NAME` signs in; without a user, the existing session or a guest one (when the
  /// server allows guests).
  private static func signIn(_ api: BlastoiseAPI, _ options: ListenOptions) async {
    guard let user = options.user else { return }
    await PasswordSignIn.signIn(api, as: user)
  }

  private static func perform(_ key: PlayerKey, on session: ListenerSession) async {
    switch key {
    case .togglePause: await session.togglePause()
    case .next: await session.next()
    case .previous: await session.previous()
    case .seekBack: await session.seek(by: -10)
    case .seekForward: await session.seek(by: 10)
    case .cycleMode: await session.cycleMode()
    case .quit: break
    }
  }

  static func fail(_ message: String, status: Int32) -> Never { PasswordSignIn.fail(message, status: status) }
}
