import BlastoiseClient
import Foundation

/// The host's player as a `ListenerSession` sees it while the host follows a room: the same
/// player, with the events the host relays to it. A player's events have one reader — the host,
/// which also tells the page — so the session gets them from here.
final class RelayedOutput: AudioOutput, @unchecked Sendable {
  let events: AsyncStream<AudioOutputEvent>
  private let continuation: AsyncStream<AudioOutputEvent>.Continuation
  private let output: any AudioOutput

  init(_ output: any AudioOutput) {
    self.output = output
    (events, continuation) = AsyncStream.makeStream(of: AudioOutputEvent.self)
  }

  func relay(_ event: AudioOutputEvent) { continuation.yield(event) }
  func finish() { continuation.finish() }

  func load(url: URL, headers: [String: String]) { output.load(url: url, headers: headers) }
  func play() { output.play() }
  func pause() { output.pause() }
  func seek(to seconds: Double) { output.seek(to: seconds) }
  func setRate(_ rate: Double) { output.setRate(rate) }
  func setVolume(_ volume: Double) { output.setVolume(volume) }
  func position() -> AudioPosition? { output.position() }
  func stop() { output.stop() }
}
