import BlastoiseCore
import BlastoiseProtocol
import BlastoiseSubsonic
import Foundation

/// Lists: `getAlbumList2` of every type, `getRandomSongs`, `getSongsByGenre`, `getStarred2`,
/// `getNowPlaying` and `search3` — whose empty query pages through the whole library, as
/// offline-first apps sync it.
struct SubsonicLists: Sendable {
  static let maximumCount = 500
  let library: SubsonicLibrary
  let nowPlaying: SubsonicNowPlaying

  var endpoints: [String: SubsonicEndpoint] {
    [
      "getAlbumList2": .answer { call in
        let albums = try await albumList(call)
        return SubsonicElement(
          "albumList2", children: [.list("album", try await library.albums(albums, for: call.caller))])
      },
      "getRandomSongs": .answer { call in
        let tracks = try randomTracks(call.parameters)
        return SubsonicElement(
          "randomSongs", children: [.list("song", try await library.songs(tracks, for: call.caller))])
      },
      "getSongsByGenre": .answer { call in
        let page = try Self.page(call.parameters, count: "count", offset: "offset", defaultCount: 10)
        let tracks = try await genreTracks(try call.parameters.required("genre"), upTo: page.offset + page.limit)
        return SubsonicElement(
          "songsByGenre",
          children: [.list("song", try await library.songs(Array(tracks.dropFirst(page.offset)), for: call.caller))])
      },
      // The lists older apps ask for, of folders rather than ID3 tags: the same content.
      "getAlbumList": .answer { call in
        let albums = try await albumList(call)
        return SubsonicElement(
          "albumList", children: [.list("album", try await library.albumFolders(albums, for: call.caller))])
      },
      "getStarred": .answer { call in
        let starred = try await library.annotations.favourites(userID: call.caller.userID, limit: Int(Int32.max))
        return SubsonicElement(
          "starred",
          children: [
            .list("artist", try await library.folderArtists(starred.artists, for: call.caller)),
            .list("album", try await library.albumFolders(starred.albums, for: call.caller)),
            .list("song", try await library.songs(starred.tracks, for: call.caller)),
          ])
      },
      "search2": .kept { call in
        let found = try await search(call)
        return SubsonicElement(
          "searchResult2",
          children: [
            .list("artist", try await library.folderArtists(found.artists, for: call.caller)),
            .list("album", try await library.albumFolders(found.albums, for: call.caller)),
            .list("song", try await library.songs(found.tracks, for: call.caller)),
          ])
      },
      "getStarred2": .answer { call in
        let starred = try await library.annotations.favourites(userID: call.caller.userID, limit: Int(Int32.max))
        return SubsonicElement(
          "starred2",
          children: [
            .list("artist", try await library.artists(starred.artists, for: call.caller)),
            .list("album", try await library.albums(starred.albums, for: call.caller)),
            .list("song", try await library.songs(starred.tracks, for: call.caller)),
          ])
      },
      "getNowPlaying": .answer { call in
        var entries: [SubsonicElement] = []
        for playing in nowPlaying.current() {
          guard let track = library.tracks.track(playing.trackID) else { continue }
          let song = try await library.songs([track], for: call.caller, name: "entry")[0]
          entries.append(
            song.adding("username", playing.username).adding("minutesAgo", playing.minutesAgo)
              .adding("playerId", 0).adding("playerName", playing.player).adding("state", playing.state?.rawValue)
              .adding("positionMs", playing.position).adding("playbackRate", playing.rate))
        }
        return SubsonicElement("nowPlaying", children: [.list("entry", entries)])
      },
      "search3": .kept { call in
        let found = try await search(call)
        return SubsonicElement(
          "searchResult3",
          children: [
            .list("artist", try await library.artists(found.artists, for: call.caller)),
            .list("album", try await library.albums(found.albums, for: call.caller)),
            .list("song", try await library.songs(found.tracks, for: call.caller)),
          ])
      },
    ]
  }

  /// `count` (at most 500) items from `offset`.
  static func page(_ parameters: SubsonicParameters, count: String, offset: String, defaultCount: Int)
    throws(SubsonicFailure) -> PageRange
  {
    PageRange(
      offset: try parameters.int(offset, in: 0...Int(Int32.max)) ?? 0,
      limit: try parameters.int(count, in: 0...maximumCount) ?? defaultCount)
  }

  private func albumList(_ call: SubsonicCall) async throws -> [Album] {
    let parameters = call.parameters
    let page = try Self.page(parameters, count: "size", offset: "offset", defaultCount: 10)
    let userID = call.caller.userID
    let catalog = library.catalog
    switch try parameters.required("type") {
    case "random":
      return try await catalog.albums(.random(seed: .random(in: .min ... .max)), genreID: nil, page: page).items
    case "newest": return try await catalog.albums(.added, genreID: nil, page: page).items
    case "alphabeticalByName": return try await catalog.albums(.name, genreID: nil, page: page).items
    case "alphabeticalByArtist": return try await catalog.albums(.artist, genreID: nil, page: page).items
    case "frequent": return try await catalog.albums(.played(userID: userID), genreID: nil, page: page).items
    case "recent":
      let albums = try await library.annotations.recentlyPlayed(userID: userID, limit: page.offset + page.limit).albums
      return Array(albums.dropFirst(page.offset))
    case "starred":
      let albums = try await library.annotations.favourites(userID: userID, limit: page.offset + page.limit).albums
      return Array(albums.dropFirst(page.offset))
    case "highest": return try await highestRated(userID: userID, page)
    case "byGenre":
      let genre = CatalogKey.genreID(try parameters.required("genre"))
      return try await catalog.albums(.name, genreID: genre, page: page).items
    case "byYear":
      let from = try parameters.requiredInt("fromYear", in: 0...9999)
      let to = try parameters.requiredInt("toYear", in: 0...9999)
      let all = try await catalog.albums(.year, genreID: nil, page: PageRange(offset: 0, limit: Int(Int32.max))).items
      let years = min(from, to)...max(from, to)
      let chosen = all.filter { $0.year.map(years.contains) ?? false }
      return Array((from <= to ? chosen : chosen.reversed()).dropFirst(page.offset).prefix(page.limit))
    case let type:
      throw SubsonicFailure(
        .generic,
        "Unknown list type '\(type.prefix(40))': random, newest, highest, frequent, recent, alphabeticalByName, "
          + "alphabeticalByArtist, starred, byYear or byGenre")
    }
  }

  private func highestRated(userID: Int, _ page: PageRange) async throws -> [Album] {
    let rated = try await library.annotations.annotations(kind: .albums, userID: userID)
      .compactMap { id, note in note.rating.map { (id, $0) } }
      .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
    var albums: [Album] = []
    for (id, _) in rated.dropFirst(page.offset).prefix(page.limit) {
      if let album = try await library.albumIfAny(id)?.album { albums.append(album) }
    }
    return albums
  }

  /// `size` tracks drawn at random, of `genre` and from `fromYear` to `toYear` when given.
  private func randomTracks(_ parameters: SubsonicParameters) throws(SubsonicFailure) -> [Track] {
    let size = try parameters.int("size", in: 0...Self.maximumCount) ?? 10
    let genre = parameters.string("genre").map(CatalogKey.normalized)
    let from = try parameters.int("fromYear", in: 0...9999) ?? 0
    let to = try parameters.int("toYear", in: 0...9999) ?? 9999
    guard genre != nil || from > 0 || to < 9999 else { return library.tracks.randomAvailableTracks(size) }
    let fits = { (track: Track) -> Bool in
      if let genre, !track.genres.contains(where: { CatalogKey.normalized($0) == genre }) { return false }
      return track.year.map { (from...max(from, to)).contains($0) } ?? false
    }
    // With a filter: through the shuffled library until enough fit.
    var chosen: [Track] = []
    for id in library.tracks.availableIDs().shuffled() {
      guard chosen.count < size else { break }
      if let track = library.tracks.track(id), fits(track) { chosen.append(track) }
    }
    return chosen
  }

  /// The first `count` tracks of the genre, album by album in name order.
  private func genreTracks(_ genre: String, upTo count: Int) async throws -> [Track] {
    let id = CatalogKey.genreID(genre)
    let name = CatalogKey.normalized(genre)
    var tracks: [Track] = []
    var offset = 0
    while tracks.count < count {
      let albums = try await library.catalog.albums(.name, genreID: id, page: PageRange(offset: offset, limit: 50))
      for album in albums.items {
        tracks += (try await library.albumIfAny(album.id)?.tracks ?? []).filter { track in
          track.genres.contains { CatalogKey.normalized($0) == name }
        }
      }
      offset += albums.items.count
      if albums.items.isEmpty || offset >= albums.total { break }
    }
    return Array(tracks.prefix(count))
  }

  /// What `search2` and `search3` find, paged by kind.
  private func search(_ call: SubsonicCall) async throws -> SearchResults {
    let parameters = call.parameters
    let artists = try Self.page(parameters, count: "artistCount", offset: "artistOffset", defaultCount: 20)
    let albums = try Self.page(parameters, count: "albumCount", offset: "albumOffset", defaultCount: 20)
    let songs = try Self.page(parameters, count: "songCount", offset: "songOffset", defaultCount: 20)
    let found: SearchResults
    guard let query = parameters.string("query") else { throw SubsonicFailure.missing("query") }
    if let terms = SearchTerms(Self.searchText(query)) {
      let most = max(artists.offset + artists.limit, albums.offset + albums.limit, songs.offset + songs.limit)
      let all = try await library.search(terms, limit: most)
      found = SearchResults(
        artists: Array(all.artists.dropFirst(artists.offset).prefix(artists.limit)),
        albums: Array(all.albums.dropFirst(albums.offset).prefix(albums.limit)),
        tracks: Array(all.tracks.dropFirst(songs.offset).prefix(songs.limit)))
    } else {
      found = SearchResults(
        artists: artists.limit == 0 ? [] : try await library.catalog.artists(.name, page: artists).items,
        albums: albums.limit == 0 ? [] : try await library.catalog.albums(.name, genreID: nil, page: albums).items,
        tracks: library.allTracks(songs))
    }
    return found
  }

  /// What to look for: apps ask for everything with an empty query, `""` (its quotes sent as
  /// they are) or `*`.
  static func searchText(_ query: String) -> String {
    let trimmed = query.trimmingCharacters(in: .whitespaces)
    return trimmed == "\"\"" || trimmed == "*" ? "" : trimmed
  }
}
