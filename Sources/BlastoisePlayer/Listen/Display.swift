import BlastoiseClient
import BlastoiseProtocol
import Foundation
import Synchronization

/// Shows the session: a refreshing status line on a terminal, a plain line per second when
/// stdout is not one, or JSON lines (`--status-json`).
final class Display: Sendable {
  private let session: ListenerSession
  private let options: ListenerOptionsView
  private let startedAt: Double
  private let tasks = Mutex<[Task<Void, Never>]>([])
  private let clock = MonotonicClock.system

  struct ListenerOptionsView: Sendable {
    var statusJSON: Bool
    var tty: Bool
  }

  init(session: ListenerSession, options: ListenOptions, startedAt: Double) {
    self.session = session
    self.options = ListenerOptionsView(statusJSON: options.statusJSON, tty: Terminal.outputIsTTY)
    self.startedAt = startedAt
  }

  func start(room: RoomInfo, canControl: Bool) {
    let session = session
    let options = options
    let clock = clock
    let startedAt = startedAt
    if options.statusJSON {
      Self.write(StatusJSON.event(.joined(channel: room.id, name: room.name), wall: Self.wall()))
      let samples = Task {
        for await sample in session.samples {
          Self.write(StatusJSON.sample(sample, wall: Self.wall() - (clock.now() - sample.at) * 1000))
        }
      }
      let status = Task {
        var announced = false
        while !Task.isCancelled {
          let snapshot = await session.snapshot
          if !announced, let join = snapshot.joinToPlaying {
            announced = true
            Self.write(
              StatusJSON.event(
                .playing(joinMs: join * 1000, sinceStartMs: (clock.now() - startedAt) * 1000), wall: Self.wall()))
          }
          Self.write(StatusJSON.status(snapshot, wall: Self.wall()))
          try? await Task.sleep(for: .milliseconds(250))
        }
      }
      tasks.withLock { $0 = [samples, status] }
      return
    }
    let line = Task {
      var lastPlain = -Double.infinity
      while !Task.isCancelled {
        let snapshot = await session.snapshot
        let text = StatusLine.text(snapshot, canControl: canControl)
        if options.tty {
          Self.write("\r\u{1B}[2K" + StatusLine.fit(text, width: Terminal.width - 1), newline: false)
        } else if clock.now() - lastPlain >= 1 {
          lastPlain = clock.now()
          Self.write(text)
        }
        try? await Task.sleep(for: .milliseconds(250))
      }
    }
    tasks.withLock { $0 = [line] }
  }

  func finish() {
    tasks.withLock { tasks in
      for task in tasks { task.cancel() }
    }
    if options.tty, !options.statusJSON { Self.write("") }
  }

  static func wall() -> Double { Date().timeIntervalSince1970 * 1000 }

  private static let output = Mutex(())

  static func write(_ text: String, newline: Bool = true) {
    output.withLock { _ in
      FileHandle.standardOutput.write(Data((newline ? text + "\n" : text).utf8))
    }
  }
}
