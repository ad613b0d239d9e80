import AVFoundation

/// Audio that iOS keeps playing with the screen locked, and a pause when headphones come out
/// (as every player does: the sound must not move to the speaker).
enum AudioSession {
  static let headphonesOut = Notification.Name("blastoise.headphonesOut")

  static func configure() {
    let session = AVAudioSession.sharedInstance()
    try? session.setCategory(.playback, mode: .default, policy: .longFormAudio)
    try? session.setActive(true)
    NotificationCenter.default.addObserver(
      forName: AVAudioSession.routeChangeNotification, object: nil, queue: .main
    ) { notification in
      guard let raw = notification.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt,
        AVAudioSession.RouteChangeReason(rawValue: raw) == .oldDeviceUnavailable
      else { return }
      NotificationCenter.default.post(name: headphonesOut, object: nil)
    }
  }
}
