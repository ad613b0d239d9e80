import BlastoiseBridge
import BlastoiseClient
import MediaPlayer

/// The lock screen, Control Center and a car's display: `NowPlaying` (kept by the host, tested on
/// Linux) copied into `MPNowPlayingInfoCenter`, and the system's buttons handed to the host as
/// `RemoteCommand`s (what each does — the player, the room, or the page — is `RemoteIntent`'s).
@MainActor
final class NowPlayingCenter {
  private let host: BridgeHost
  private let api: BlastoiseAPI
  private var updates: Task<Void, Never>?
  private var artwork: (url: URL, image: MPMediaItemArtwork)?

  init(host: BridgeHost, api: BlastoiseAPI) {
    self.host = host
    self.api = api
    let center = MPRemoteCommandCenter.shared()
    let pairs: [(MPRemoteCommand, RemoteCommand)] = [
      (center.playCommand, .play), (center.pauseCommand, .pause), (center.togglePlayPauseCommand, .toggle),
      (center.nextTrackCommand, .next), (center.previousTrackCommand, .previous),
      (center.skipForwardCommand, .skip(RemoteCommand.skipSeconds)),
      (center.skipBackwardCommand, .skip(-RemoteCommand.skipSeconds)),
    ]
    for (command, remote) in pairs {
      command.addTarget { _ in
        Task { await host.remote(remote) }
        return .success
      }
    }
    center.skipForwardCommand.preferredIntervals = [NSNumber(value: RemoteCommand.skipSeconds)]
    center.skipBackwardCommand.preferredIntervals = [NSNumber(value: RemoteCommand.skipSeconds)]
    center.changePlaybackPositionCommand.addTarget { event in
      guard let event = event as? MPChangePlaybackPositionCommandEvent else { return .commandFailed }
      Task { await host.remote(.scrub(to: event.positionTime)) }
      return .success
    }
    NotificationCenter.default.addObserver(forName: AudioSession.headphonesOut, object: nil, queue: .main) { _ in
      Task { await host.remote(.pause) }
    }
    updates = Task { [weak self] in
      for await playing in host.changes { self?.show(playing) }
    }
  }

  private func show(_ playing: NowPlaying) {
    let elapsed = playing.elapsed + playing.playbackRate * max(0, MonotonicClock.system.now() - playing.elapsedAt)
    var info: [String: Any] = [
      MPMediaItemPropertyTitle: playing.title ?? "", MPMediaItemPropertyArtist: playing.artist ?? "",
      MPMediaItemPropertyAlbumTitle: playing.album ?? "", MPNowPlayingInfoPropertyElapsedPlaybackTime: elapsed,
      MPNowPlayingInfoPropertyPlaybackRate: playing.playbackRate,
      MPNowPlayingInfoPropertyDefaultPlaybackRate: playing.rate,
      MPNowPlayingInfoPropertyMediaType: MPNowPlayingInfoMediaType.audio.rawValue,
    ]
    if let duration = playing.duration { info[MPMediaItemPropertyPlaybackDuration] = duration }
    if let artwork, artwork.url == playing.artwork { info[MPMediaItemPropertyArtwork] = artwork.image }
    MPNowPlayingInfoCenter.default().nowPlayingInfo = info
    MPNowPlayingInfoCenter.default().playbackState = playing.playing ? .playing : .paused
    if let url = playing.artwork, artwork?.url != url { fetchArtwork(url) }
  }

  private func fetchArtwork(_ url: URL) {
    // The cover comes from the server, with the session (never sent elsewhere).
    var request = URLRequest(url: url)
    if host.origin.contains(url) {
      for (name, value) in api.requestHeaders { request.setValue(value, forHTTPHeaderField: name) }
    }
    Task { [weak self, request] in
      guard let (data, _) = try? await URLSession.shared.data(for: request), let image = UIImage(data: data) else {
        return
      }
      self?.artwork = (url, MPMediaItemArtwork(boundsSize: image.size) { _ in image })
      if let self { self.show(await self.host.nowPlaying) }
    }
  }
}
