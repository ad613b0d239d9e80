import BlastoiseCore
import BlastoiseProtocol
import BlastoiseSubsonic

/// `star`, `unstar`, `setRating`, `scrobble`: the caller's own annotations, the same the web
/// app shows. An `id` is a song, else an album, else an artist (their IDs never clash: a song's
/// is `sha256:…`). A scrobble that is not a submission says what plays now (`getNowPlaying`).
struct SubsonicAnnotations: Sendable {
  let library: SubsonicLibrary
  let podcasts: PodcastService
  let nowPlaying: SubsonicNowPlaying
  let clock: any WallClock

  var endpoints: [String: SubsonicEndpoint] {
    [
      "star": .answer { call in try await favourite(true, call) },
      "unstar": .answer { call in try await favourite(false, call) },
      "setRating": .answer { call in
        let rating = try call.parameters.requiredInt("rating", in: 0...5)
        let id = try call.parameters.required("id")
        for kind in Self.kinds(of: id) {
          if try await library.annotations.setRating(
            rating == 0 ? nil : rating, kind: kind, id: id, userID: call.caller.userID)
          {
            return nil
          }
        }
        throw SubsonicFailure(.notFound, "Nothing has the ID '\(id.prefix(80))'")
      },
      "scrobble": .answer { call in
        let ids = call.parameters.strings("id")
        guard !ids.isEmpty else { throw SubsonicFailure.missing("id") }
        let times = try call.parameters.strings("time").map { text throws(SubsonicFailure) in
          guard let time = Int64(text), time >= 0 else {
            throw SubsonicFailure(.generic, "'time' is milliseconds since 1970, not '\(text.prefix(40))'")
          }
          return time
        }
        let now = clock.milliseconds()
        if try call.parameters.bool("submission") ?? true {
          for (index, id) in ids.enumerated() {
            guard
              try await library.annotations.recordPlay(
                trackID: id, userID: call.caller.userID, at: index < times.count ? times[index] : now)
            else { throw SubsonicFailure(.notFound, "Song not found") }
          }
        } else if let id = ids.last {
          _ = try await library.track(id)
          await nowPlaying.report(
            PlaybackReport(trackID: id, player: Self.player(call), state: nil, position: nil, rate: 1, at: now),
            by: call.caller.username)
        }
        return nil
      },
      // The `playbackReport` extension: what plays now, and, when it stops after half the track (or
      // four minutes) was heard, one play, unless the app says it counts plays itself
      // (`ignoreScrobble`).
      "reportPlayback": .answer { call in
        let parameters = call.parameters
        let track = try await media(
          try parameters.required("mediaId"), type: try parameters.required("mediaType"), call)
        let id = track.id
        let stateName = try parameters.required("state")
        guard let state = PlaybackReport.State(rawValue: stateName) else {
          throw SubsonicFailure(
            .generic, "'state' is starting, playing, paused or stopped, not '\(stateName.prefix(40))'")
        }
        let position = Int64(try parameters.requiredInt("positionMs", in: SubsonicParameters.positionRange))
        let rate = try Self.rate(parameters.string("playbackRate"))
        let now = clock.milliseconds()
        let heard = await nowPlaying.report(
          PlaybackReport(trackID: id, player: Self.player(call), state: state, position: position, rate: rate, at: now),
          by: call.caller.username)
        let enough = Double(heard) / 1000 >= min(track.duration / 2, 240)
        if state == .stopped, enough, try parameters.bool("ignoreScrobble") != true {
          try await library.annotations.recordPlay(trackID: id, userID: call.caller.userID, at: now)
        }
        return nil
      },
    ]
  }

  /// Every `id` (song, album or artist), `albumId` and `artistId` given.
  private func favourite(_ favourite: Bool, _ call: SubsonicCall) async throws -> SubsonicElement? {
    let parameters = call.parameters
    var items: [(AnnotatedKind?, String)] = parameters.strings("id").map { (nil, $0) }
    items += parameters.strings("albumId").map { (.albums, $0) }
    items += parameters.strings("artistId").map { (.artists, $0) }
    guard !items.isEmpty else { throw SubsonicFailure.missing("id, albumId or artistId") }
    let time = clock.milliseconds()
    for (kind, id) in items {
      var done = false
      for kind in kind.map({ [$0] }) ?? Self.kinds(of: id) where !done {
        done = try await library.annotations.setFavourite(
          favourite, kind: kind, id: id, userID: call.caller.userID, at: time)
      }
      guard done else { throw SubsonicFailure(.notFound, "Nothing has the ID '\(id.prefix(80))'") }
    }
    return nil
  }

  /// A song by its ID, or a podcast episode by its Subsonic ID or its `streamId` (downloaded, it
  /// has one: a track ID).
  private func media(_ id: String, type: String, _ call: SubsonicCall) async throws -> Track {
    switch type {
    case "song": return try await library.track(id)
    case "podcast":
      guard SubsonicPodcasts.episode(fromID: id) != nil else { return try await library.track(id) }
      let (episode, _) = try await SubsonicPodcastRoutes.episode(id, podcasts, call.caller)
      guard let stream = episode.trackId else {
        throw SubsonicFailure(.notFound, "The episode is not on the server yet: download it first")
      }
      return try await library.track(stream)
    default: throw SubsonicFailure(.generic, "'mediaType' is song or podcast, not '\(type.prefix(40))'")
    }
  }

  private static func player(_ call: SubsonicCall) -> String { String((call.parameters.string("c") ?? "").prefix(100)) }

  /// A playback rate from 0.25 to 4 (1 when not given).
  private static func rate(_ text: String?) throws(SubsonicFailure) -> Double {
    guard let text, !text.isEmpty else { return 1 }
    guard let rate = Double(text), (0.25...4).contains(rate) else {
      throw SubsonicFailure(.generic, "'playbackRate' is a number from 0.25 to 4, not '\(text.prefix(40))'")
    }
    return rate
  }

  /// What an `id` may name, the likeliest first.
  private static func kinds(of id: String) -> [AnnotatedKind] {
    TrackID.isValid(id) ? [.tracks] : [.albums, .artists]
  }
}
