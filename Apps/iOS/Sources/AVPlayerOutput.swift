import AVFoundation
import BlastoiseClient

/// `AudioOutput` on AVPlayer (the phone's player: lock screen, Control Center, CarPlay). Loads
/// paused and says `.ready` once the item can play; exact seeks; rate with pitch kept; a
/// preloaded next item follows without a gap.
final class AVPlayerOutput: AudioOutput, @unchecked Sendable {
  let events: AsyncStream<AudioOutputEvent>
  private let continuation: AsyncStream<AudioOutputEvent>.Continuation
  /// A queue of at most two: the loaded item and the preloaded one. It advances only when one
  /// is preloaded (else it keeps the ended item, as a plain player does).
  private let player = AVQueuePlayer()
  private let clock = MonotonicClock.system
  private var status: NSKeyValueObservation?
  private var ended: NSObjectProtocol?
  private var ticks: Any?
  private var rate: Float = 1
  private var preloaded: AVPlayerItem?

  init() {
    (events, continuation) = AsyncStream.makeStream(of: AudioOutputEvent.self)
    player.automaticallyWaitsToMinimizeStalling = false
    player.actionAtItemEnd = .pause
    ticks = player.addPeriodicTimeObserver(forInterval: CMTime(value: 1, timescale: 20), queue: .global()) {
      [weak self] _ in
      guard let self, self.player.rate != 0, let position = self.position() else { return }
      self.continuation.yield(.position(position))
    }
  }

  func load(url: URL, headers: [String: String]) {
    let item = Self.item(url, headers: headers)
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
    player.pause()
    preloaded = nil
    player.actionAtItemEnd = .pause
    player.removeAllItems()
    player.insert(item, after: nil)
    watchEnd(of: item)
  }

  func preload(url: URL?, headers: [String: String]) {
    if let preloaded { player.remove(preloaded) }
    preloaded = url.map { Self.item($0, headers: headers) }
    if let preloaded { player.insert(preloaded, after: player.currentItem) }
    player.actionAtItemEnd = preloaded == nil ? .pause : .advance
  }

  /// AVPlayer ends the item there and plays to the end time's notification as at its end.
  func endLoaded(at seconds: Double?) {
    player.currentItem?.forwardPlaybackEndTime =
      seconds.map { CMTime(seconds: max(0, $0), preferredTimescale: 48_000) } ?? .invalid
  }

  /// The item's end: the queue goes on to the preloaded item (`.advanced`), or stops (`.ended`).
  private func watchEnd(of item: AVPlayerItem) {
    if let ended { NotificationCenter.default.removeObserver(ended) }
    ended = NotificationCenter.default.addObserver(forName: .AVPlayerItemDidPlayToEndTime, object: item, queue: .main) {
      [weak self] _ in
      guard let self else { return }
      guard let next = self.preloaded else {
        self.continuation.yield(.ended)
        return
      }
      self.preloaded = nil
      self.player.actionAtItemEnd = .pause
      self.watchEnd(of: next)
      let seconds = next.duration.seconds
      self.continuation.yield(.advanced(duration: seconds.isFinite ? seconds : nil))
    }
  }

  /// The session's cookie goes with the server's files only (the bridge gives headers for those alone).
  private static func item(_ url: URL, headers: [String: String]) -> AVPlayerItem {
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
    return item
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

  /// What iOS says the route adds (Bluetooth and AirPlay: often 100–2,000 ms); read at each use,
  /// so a route change is followed.
  var outputLatency: Double { AVAudioSession.sharedInstance().outputLatency }

  func position() -> AudioPosition? {
    guard let item = player.currentItem, item.status == .readyToPlay else { return nil }
    let playing = player.rate != 0
    return AudioPosition(
      seconds: player.currentTime().seconds, at: clock.now(), rate: Double(playing ? player.rate : rate),
      playing: playing)
  }

  func stop() {
    player.pause()
    preloaded = nil
    player.removeAllItems()
  }
}
