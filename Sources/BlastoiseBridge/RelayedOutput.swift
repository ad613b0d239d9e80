import BlastoiseClient
import Foundation
import Synchronization

/// The host's player as a `ListenerSession` sees it while the host follows a room or plays a
/// car's list: the same player, with the events the host relays to it. A player's events have
/// one reader — the host, which also tells the page — so the session gets them from here. Once
/// finished, the session can no longer touch the player (a session still stopping must not stop
/// what plays next).
final class RelayedOutput: AudioOutput, @unchecked Sendable {
  let events: AsyncStream<AudioOutputEvent>
  private let continuation: AsyncStream<AudioOutputEvent>.Continuation
  private let output: any AudioOutput
  private let finished = Atomic(false)

  init(_ output: any AudioOutput) {
    self.output = output
    (events, continuation) = AsyncStream.makeStream(of: AudioOutputEvent.self)
  }

  func relay(_ event: AudioOutputEvent) { continuation.yield(event) }

  func finish() {
    finished.store(true, ordering: .sequentiallyConsistent)
    continuation.finish()
  }

  /// The player, while the session may still use it.
  private var player: (any AudioOutput)? { finished.load(ordering: .sequentiallyConsistent) ? nil : output }

  func load(url: URL, headers: [String: String]) { player?.load(url: url, headers: headers) }
  func preload(url: URL?, headers: [String: String]) { player?.preload(url: url, headers: headers) }
  func endLoaded(at seconds: Double?) { player?.endLoaded(at: seconds) }
  func play() { player?.play() }
  func pause() { player?.pause() }
  func seek(to seconds: Double) { player?.seek(to: seconds) }
  func setRate(_ rate: Double) { player?.setRate(rate) }
  func setVolume(_ volume: Double) { player?.setVolume(volume) }
  func position() -> AudioPosition? { player?.position() }
  func stop() { player?.stop() }
  var outputLatency: Double { output.outputLatency }
  var parksOnSeek: Bool { output.parksOnSeek }
}
