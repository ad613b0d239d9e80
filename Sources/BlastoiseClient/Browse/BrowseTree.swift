import BlastoiseProtocol
import Foundation

/// What a car shows (CarPlay's list templates, Android Auto's browse tree): sections, their
/// lists, and things to play, read from the API. The car's half only draws `BrowseItem`s and
/// hands a chosen `BrowsePlay` to the host's player; nothing here knows CarPlay.
public struct BrowseTree: Sendable {
  public let api: BlastoiseAPI
  /// Items a list shows at most (cars limit their lists; the newest or first are the ones kept).
  public static let listLimit = 100

  public init(api: BlastoiseAPI) { self.api = api }

  /// The items at `place`, in the order shown.
  public func items(_ place: BrowsePlace) async throws(BlastoiseClientError) -> [BrowseItem] {
    switch place {
    case .root:
      return BrowsePlace.sections.map { BrowseItem(id: "section:\($0.title)", title: $0.title, action: .open($0)) }
    case .continueListening: return try await continueListening()
    case .rooms:
      return try await api.rooms().prefix(Self.listLimit).map { room in
        BrowseItem(
          id: "room:\(room.id)", title: room.name, subtitle: Self.listening(room.listenerCount),
          action: .play(.room(room.id)))
      }
    case .playlists:
      let bundle = try await api.playlists()
      return (bundle.mine + bundle.shared).prefix(Self.listLimit).map { playlist in
        BrowseItem(
          id: "playlist:\(playlist.id)", title: playlist.name, subtitle: Self.count(playlist.trackIds.count, "track"),
          action: .open(.playlist(playlist.id)))
      }
    case .playlist(let id):
      let ids = try await api.playlist(id).trackIds
      let library = Dictionary(try await api.library().map { ($0.id, $0) }) { first, _ in first }
      return tracks(ids.compactMap { library[$0] })
    case .albums:
      return try await api.albums(limit: Self.listLimit).items.map { album in
        BrowseItem(
          id: "album:\(album.id)", title: album.name, subtitle: album.artist, artwork: cover(album.coverId),
          action: .open(.album(album.id)))
      }
    case .album(let id): return tracks(try await api.album(id).tracks)
    case .podcasts:
      return try await api.podcasts().prefix(Self.listLimit).map { podcast in
        BrowseItem(
          id: "podcast:\(podcast.id)", title: podcast.title ?? podcast.url, subtitle: podcast.author,
          artwork: cover(podcast.coverId), action: .open(.podcast(podcast.id)))
      }
    case .podcast(let id):
      let podcasts = try await api.podcasts()
      let episodes = try await api.episodes(of: id, limit: Self.listLimit).items
      let podcast = podcasts.first { $0.id == id }
      return episodes.map { episodeItem($0, podcast: podcast?.title, feed: podcast?.url) }
    case .audiobooks:
      return try await api.books().prefix(Self.listLimit).map { book in
        BrowseItem(
          id: "book:\(book.id)", title: book.title, subtitle: book.author, artwork: cover(book.coverId),
          action: .play(.book(book, at: Self.resume(book.progress))))
      }
    }
  }

  /// Unfinished books and episodes, the latest heard first, each played from where it was left.
  private func continueListening() async throws(BlastoiseClientError) -> [BrowseItem] {
    let list = try await api.unfinished(limit: Self.listLimit)
    let books = try await api.books()
    return list.progress.compactMap { progress in
      switch progress.kind {
      case .books:
        guard let book = books.first(where: { $0.id == progress.id }) else { return nil }
        return BrowseItem(
          id: "book:\(book.id)", title: book.title, subtitle: book.author, artwork: cover(book.coverId),
          action: .play(.book(book, at: progress.position)))
      case .episodes:
        guard let known = list.episodes?.first(where: { $0.episode.url == progress.id }) else { return nil }
        return episodeItem(known.episode, podcast: known.podcastTitle, feed: known.podcastUrl)
      }
    }
  }

  private func tracks(_ tracks: [Track]) -> [BrowseItem] {
    let shown = Array(tracks.prefix(Self.listLimit))
    return shown.enumerated().map { index, track in
      BrowseItem(
        id: "track:\(index):\(track.id)", title: track.title, subtitle: track.artist, artwork: cover(track.coverID),
        action: .play(.tracks(shown, startAt: index)))
    }
  }

  private func episodeItem(_ episode: PodcastEpisode, podcast: String?, feed: String?) -> BrowseItem {
    BrowseItem(
      id: "episode:\(episode.url)", title: episode.title ?? "Episode", subtitle: podcast,
      action: .play(.episode(episode, feed: feed, at: Self.resume(episode.progress))))
  }

  private func cover(_ id: String?) -> URL? {
    id.map { api.coverURL($0, size: 256) }
  }

  /// Where to start: where the person left it, or the start when finished or never begun.
  static func resume(_ progress: ListeningProgress?) -> Double {
    guard let progress, !progress.finished else { return 0 }
    return progress.position
  }

  static func count(_ count: Int, _ noun: String) -> String { count == 1 ? "1 \(noun)" : "\(count) \(noun)s" }

  static func listening(_ count: Int) -> String? { count == 0 ? nil : "\(count) listening" }
}

/// A list a car can open.
public enum BrowsePlace: Sendable, Hashable {
  case root
  case continueListening
  case rooms
  case playlists
  case playlist(String)
  case albums
  case album(String)
  case podcasts
  case podcast(String)
  case audiobooks

  /// The root's sections, in the order shown.
  public static let sections: [BrowsePlace] = [
    .continueListening, .rooms, .playlists, .albums, .podcasts, .audiobooks,
  ]

  public var title: String {
    switch self {
    case .root: "Blastoise"
    case .continueListening: "Continue listening"
    case .rooms: "Rooms"
    case .playlists, .playlist: "Playlists"
    case .albums, .album: "Albums"
    case .podcasts, .podcast: "Podcasts"
    case .audiobooks: "Audiobooks"
    }
  }
}

/// One row of a car's list: another list, or something to play.
public struct BrowseItem: Sendable, Equatable, Identifiable {
  public enum Action: Sendable, Equatable {
    case open(BrowsePlace)
    case play(BrowsePlay)
  }

  public let id: String
  public let title: String
  public let subtitle: String?
  public let artwork: URL?
  public let action: Action

  public init(id: String, title: String, subtitle: String? = nil, artwork: URL? = nil, action: Action) {
    self.id = id
    self.title = title
    self.subtitle = subtitle
    self.artwork = artwork
    self.action = action
  }
}

/// What the host's player plays when a car's row is chosen.
public enum BrowsePlay: Sendable, Equatable {
  /// In step with everyone in the room.
  case room(String)
  /// The list's tracks, from one of them.
  case tracks([Track], startAt: Int)
  /// A book from a place on its timeline (seconds).
  case book(Book, at: Double)
  /// An episode of the podcast at `feed` (its progress is kept with it, as gPodder does), from a
  /// place (seconds).
  case episode(PodcastEpisode, feed: String?, at: Double)
}
