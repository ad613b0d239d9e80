import BlastoiseClient

extension BridgeHost {
  /// A lock-screen, headphone or car button: to the player, the host's session or the page
  /// (`RemoteIntent`).
  public func remote(_ command: RemoteCommand) async {
    await inputs.lock()
    defer { inputs.unlock() }
    let position = output.position()?.extrapolated(to: clock.now()) ?? 0
    let snapshot = await session?.session.snapshot
    // A car's list is the person's own; a room, as the room's control mode says.
    let canControl = snapshot.map { $0.sourceMode == .library || $0.canControl } ?? false
    let intent = RemoteIntent.of(
      command, playing: nowPlaying.playing, position: position, duration: nowPlaying.duration,
      inSession: session != nil, canControl: canControl)
    switch intent {
    case .player(let message): try? await control(message)
    case .page(let name): send(.command(name))
    case .session(let action):
      guard let listener = session?.session else { return }
      switch action {
      case .pause: await listener.pause()
      case .resume: await listener.resume()
      case .next: await listener.next()
      case .previous: await listener.previous()
      case .seek(let seconds): await listener.seek(to: seconds)
      }
    case .nothing: break
    }
  }
}
