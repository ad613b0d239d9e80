import AVFoundation
import BlastoiseClient

/// `AudioOutput` on AVPlayer (the phone's player: lock screen, Control Center, CarPlay). Loads
/// paused and says `.ready` once the item can play; exact seeks; rate with pitch kept; the
/// session's cookie goes with the server's files only (the bridge gives headers for those alone).
final class AVPlayerOutput: AudioOutput, @unchecked Sendable {
  let events: AsyncStream<AudioOutputEvent>
  private let continuation: AsyncStream<AudioOutputEvent>.Continuation
  private let player = AVPlayer()
  private let clock = MonotonicClock.system
  private var status: NSKeyValueObservation?
  private var ended: NSObjectProtocol?
  private var ticks: Any?
  private var rate: Float = 1

  init() {
    (events, continuation) = AsyncStream.makeStream(of: AudioOutputEvent.self)
    player.automaticallyWaitsToMinimizeStalling = false
    ticks = player.addPeriodicTimeObserver(forInterval: CMTime(value: 1, timescale: 20), queue: .global()) {
      [weak self] _ in
      guard let self, self.player.rate != 0, let position = self.position() else { return }
      self.continuation.yield(.position(position))
    }
  }

  func load(url: URL, headers: [String: String]) {
    var options: [String: Any] = [:]
    if let cookie = headers["Cookie"], let host = url.host {
      options[AVURLAssetHTTPCookiesKey] = cookie.split(separator: ";").compactMap { pair -> HTTPCookie? in
        let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        return HTTPCookie(properties: [.name: parts[0], .value: parts[1], .domain: host, .path: "/"])
      }
    }
    let item = AVPlayerItem(asset: AVURLAsset(url: url, options: options))
    item.audioTimePitchAlgorithm = .timeDomain
    let continuation = continuation
    status = item.observe(\.status) { item, _ in
      switch item.status {
      case .readyToPlay:
        let seconds = item.duration.seconds
        continuation.yield(.ready(duration: seconds.isFinite ? seconds : nil))
      case .failed: continuation.yield(.failed(item.error?.localizedDescription ?? "The file cannot play"))
      default: break
      }
    }
    if let ended { NotificationCenter.default.removeObserver(ended) }
    ended = NotificationCenter.default.addObserver(forName: .AVPlayerItemDidPlayToEndTime, object: item, queue: nil) {
      _ in continuation.yield(.ended)
    }
    player.pause()
    player.replaceCurrentItem(with: item)
  }

  func play() { player.playImmediately(atRate: rate) }
  func pause() { player.pause() }

  func seek(to seconds: Double) {
    player.seek(
      to: CMTime(seconds: max(0, seconds), preferredTimescale: 48_000), toleranceBefore: .zero, toleranceAfter: .zero)
  }

  func setRate(_ rate: Double) {
    self.rate = Float(rate)
    player.defaultRate = self.rate
    if player.rate != 0 { player.rate = self.rate }
  }

  func setVolume(_ volume: Double) { player.volume = Float(min(1, max(0, volume))) }

  func position() -> AudioPosition? {
    guard let item = player.currentItem, item.status == .readyToPlay else { return nil }
    let playing = player.rate != 0
    return AudioPosition(
      seconds: player.currentTime().seconds, at: clock.now(), rate: Double(playing ? player.rate : rate),
      playing: playing)
  }

  func stop() {
    player.pause()
    player.replaceCurrentItem(with: nil)
  }
}
