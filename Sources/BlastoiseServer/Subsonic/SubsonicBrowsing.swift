import BlastoiseCore
import BlastoiseProtocol
import BlastoiseSubsonic

/// Browsing by tags (`getArtists`, `getArtist`, `getAlbum`, `getSong`, `getGenres`, the info
/// and top/similar songs) and by folders (`getIndexes`, `getMusicDirectory`), where, as in
/// Navidrome, an artist's folder holds its albums and an album's its songs.
struct SubsonicBrowsing: Sendable {
  /// How many songs `getTopSongs` and `getSimilarSongs2` give without a `count`.
  static let defaultSongCount = 50
  let library: SubsonicLibrary

  var endpoints: [String: SubsonicEndpoint] {
    [
      "getArtists": .kept { call in
        SubsonicElement(
          "artists", ["ignoredArticles": ""],
          children: [.list("index", try await indexes(try await library.everyArtist(), call.caller, folders: false))])
      },
      "getIndexes": .kept { call in
        let artists = try await library.everyArtist()
        // The latest artist's arrival: what a client that caches the index by time compares.
        return SubsonicElement(
          "indexes", ["lastModified": artists.map(\.addedAt).max() ?? 0, "ignoredArticles": ""],
          children: [.list("index", try await indexes(artists, call.caller, folders: true))])
      },
      "getArtist": .kept { call in
        let detail = try await library.artist(try call.parameters.required("id"))
        let albums = try await library.albums(detail.albums, for: call.caller)
        let notes = try await library.annotations.annotations(
          kind: .artists, ids: [detail.artist.id], userID: call.caller.userID)
        return SubsonicItems.artist(detail.artist, notes[detail.artist.id], albums: albums)
      },
      "getAlbum": .kept { call in try await album(try call.parameters.required("id"), for: call.caller) },
      "getSong": .answer { call in
        try await library.songs([try await library.track(try call.parameters.required("id"))], for: call.caller).first
      },
      "getGenres": .kept { _ in
        let genres = try await library.catalog.genres(page: PageRange(offset: 0, limit: Int(Int32.max))).items
        return SubsonicElement("genres", children: [.list("genre", genres.map(SubsonicItems.genre))])
      },
      "getMusicDirectory": .kept { call in try await directory(try call.parameters.required("id"), for: call.caller)
      },
      "getArtistInfo2": .answer { call in
        let artist = try await library.artist(try call.parameters.required("id")).artist
        return SubsonicElement(
          "artistInfo2", children: artist.musicBrainzId.map { [.one(SubsonicElement("musicBrainzId", text: $0))] } ?? []
        )
      },
      "getAlbumInfo2": .answer { call in
        let album = try await library.album(try call.parameters.required("id")).album
        return SubsonicElement(
          "albumInfo", children: album.musicBrainzId.map { [.one(SubsonicElement("musicBrainzId", text: $0))] } ?? [])
      },
      "getTopSongs": .answer { call in
        let count = try call.parameters.int("count", in: 0...500) ?? Self.defaultSongCount
        let tracks = try await topTracks(byArtistNamed: try call.parameters.required("artist"), call.caller, count)
        return SubsonicElement("topSongs", children: [.list("song", try await library.songs(tracks, for: call.caller))])
      },
      "getSimilarSongs2": .answer { call in
        let count = try call.parameters.int("count", in: 0...500) ?? Self.defaultSongCount
        let tracks = try await similarTracks(toArtist: try call.parameters.required("id"), count)
        return SubsonicElement(
          "similarSongs2", children: [.list("song", try await library.songs(tracks, for: call.caller))])
      },
    ]
  }

  private func indexes(_ artists: [Artist], _ caller: Principal, folders: Bool) async throws -> [SubsonicElement] {
    let notes = try await library.annotations.annotations(kind: .artists, ids: artists.map(\.id), userID: caller.userID)
    return SubsonicItems.indexes(
      artists.map { artist in
        let element =
          folders
          ? SubsonicItems.folderArtist(artist, notes[artist.id]) : SubsonicItems.artist(artist, notes[artist.id])
        return (SubsonicIndex.letter(for: artist.name), element)
      })
  }

  private func album(_ id: String, for caller: Principal) async throws -> SubsonicElement {
    let detail = try await library.album(id)
    let notes = try await library.annotations.annotations(kind: .albums, ids: [id], userID: caller.userID)
    return SubsonicItems.album(detail.album, notes[id], songs: try await library.songs(detail.tracks, for: caller))
  }

  /// An artist's folder (its albums) or an album's (its songs).
  private func directory(_ id: String, for caller: Principal) async throws -> SubsonicElement {
    if let artist = try await library.catalog.artist(id: id) {
      let notes = try await library.annotations.annotations(
        kind: .albums, ids: artist.albums.map(\.id), userID: caller.userID)
      return SubsonicElement(
        "directory", ["id": id, "name": artist.artist.name],
        children: [.list("child", artist.albums.map { SubsonicItems.albumFolder($0, notes[$0.id]) })])
    }
    let detail = try await library.album(id)
    return SubsonicElement(
      "directory", ["id": id, "parent": detail.album.artistId, "name": detail.album.name],
      children: [.list("child", try await library.songs(detail.tracks, for: caller, name: "child"))])
  }

  /// The artist's own tracks, the caller's most played first (then in album order).
  private func topTracks(byArtistNamed name: String, _ caller: Principal, _ count: Int) async throws -> [Track] {
    let id = CatalogKey.artistID(name)
    guard let artist = try await library.catalog.artist(id: id) else { return [] }
    var tracks: [Track] = []
    for album in artist.albums + artist.appearsOn {
      tracks += (try await library.albumIfAny(album.id)?.tracks ?? []).filter { $0.artistId == id }
    }
    let plays = try await library.annotations.annotations(kind: .tracks, ids: tracks.map(\.id), userID: caller.userID)
    let ranked = tracks.enumerated().sorted { left, right in
      let (a, b) = (plays[left.element.id]?.playCount ?? 0, plays[right.element.id]?.playCount ?? 0)
      return a != b ? a > b : left.offset < right.offset
    }
    return ranked.prefix(count).map(\.element)
  }

  /// Other artists' tracks in the artist's genres, shuffled.
  private func similarTracks(toArtist id: String, _ count: Int) async throws -> [Track] {
    let artist = try await library.artist(id)
    var genres = Set<String>()
    for album in artist.albums.prefix(20) { genres.formUnion(album.genres) }
    var tracks: [Track] = []
    for genre in genres.prefix(5) {
      let albums = try await library.catalog.albums(
        .random(seed: .random(in: .min ... .max)), genreID: CatalogKey.genreID(genre),
        page: PageRange(offset: 0, limit: 20))
      for album in albums.items where album.artistId != id {
        tracks += (try await library.albumIfAny(album.id)?.tracks ?? []).filter { $0.artistId != id }
      }
    }
    return Array(tracks.shuffled().prefix(count))
  }
}
