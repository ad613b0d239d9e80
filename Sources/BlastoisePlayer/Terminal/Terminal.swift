import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The controlling terminal: whether stdin/stdout are one, its width, and raw key input.
enum Terminal {
  static var inputIsTTY: Bool { isatty(STDIN_FILENO) == 1 }
  static var outputIsTTY: Bool { isatty(STDOUT_FILENO) == 1 }

  static var width: Int {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 100 }
    return Int(size.ws_col)
  }

  private nonisolated(unsafe) static var saved: termios?

  /// Keys arrive one by one, without echo; Ctrl-C still raises SIGINT.
  static func enterKeyMode() {
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
    saved = settings
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &settings.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    tcsetattr(STDIN_FILENO, TCSANOW, &settings)
  }

  static func restore() {
    guard var settings = saved else { return }
    tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    saved = nil
  }

  /// A line typed without echo (the password), prompt on stderr.
  static func readSecret(prompt: String) -> String? {
    FileHandle.standardError.write(Data(prompt.utf8))
    var settings = termios()
    let haveTTY = tcgetattr(STDIN_FILENO, &settings) == 0
    var quiet = settings
    quiet.c_lflag &= ~tcflag_t(ECHO)
    if haveTTY { tcsetattr(STDIN_FILENO, TCSANOW, &quiet) }
    defer {
      if haveTTY {
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        FileHandle.standardError.write(Data("\n".utf8))
      }
    }
    return readLine(strippingNewline: true)
  }
}

/// Keys the player understands.
enum PlayerKey: Equatable {
  case togglePause, next, previous, seekBack, seekForward, cycleMode, quit

  /// Reads keys from stdin on its own thread (blocking reads never touch the concurrency pool).
  static func startReading(_ handler: @escaping @Sendable (PlayerKey) -> Void) {
    let thread = Thread {
      var escape: [UInt8] = []
      var byte: UInt8 = 0
      while read(STDIN_FILENO, &byte, 1) == 1 {
        if !escape.isEmpty || byte == 0x1B {
          escape.append(byte)
          // ESC [ C / ESC [ D: the arrow keys.
          if escape.count == 3 {
            if escape == [0x1B, 0x5B, 0x43] { handler(.seekForward) }
            if escape == [0x1B, 0x5B, 0x44] { handler(.seekBack) }
            escape = []
          } else if escape.count == 2, byte != 0x5B {
            escape = []
          }
          continue
        }
        if let key = PlayerKey(byte: byte) { handler(key) }
      }
    }
    thread.name = "blastoise-keys"
    thread.start()
  }

  init?(byte: UInt8) {
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "k"): self = .togglePause
    case UInt8(ascii: "n"), UInt8(ascii: ">"): self = .next
    case UInt8(ascii: "p"), UInt8(ascii: "<"): self = .previous
    case UInt8(ascii: ","), UInt8(ascii: "j"): self = .seekBack
    case UInt8(ascii: "."), UInt8(ascii: "l"): self = .seekForward
    case UInt8(ascii: "m"): self = .cycleMode
    case UInt8(ascii: "q"), 0x04: self = .quit
    default: return nil
    }
  }
}
