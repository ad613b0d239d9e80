import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM as a stream of the signal's number, for a command that quits cleanly; it
/// may yield its own reasons too (a key, a socket gone). `stop()` lets the signals go.
struct QuitSignals {
  let signals: AsyncStream<Int32>
  let quit: AsyncStream<Int32>.Continuation
  private let sources: [any DispatchSourceSignal]

  init() {
    let (signals, quit) = AsyncStream.makeStream(of: Int32.self)
    self.signals = signals
    self.quit = quit
    sources = [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { quit.yield(number) }
      source.resume()
      return source
    }
  }

  func stop() {
    for source in sources { source.cancel() }
  }
}
