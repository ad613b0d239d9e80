import BlastoiseCore
import BlastoiseProtocol
import BlastoiseSubsonic

/// The library as Subsonic endpoints read it: items looked up by ID (a missing one is error 70)
/// and rendered with the caller's own annotations (starred, rating, plays).
struct SubsonicLibrary: Sendable {
  /// A catalog read kept until the library changes.
  enum Read: Sendable {
    case album(AlbumDetail?)
    case search(SearchResults)
  }

  let catalog: any CatalogStore
  let annotations: any AnnotationStore
  /// Every present track, in memory (also episodes and book parts rooms have played).
  let tracks: TrackCatalog
  /// The library's generation (`LibraryService.generation`): what `reads` are kept under.
  let generation: @Sendable () -> UInt64
  /// Albums and searches apps ask for again and again, as the store read them (each answer
  /// still gets its caller's own annotations). 16 MiB.
  let reads = AnswerCache<Read>(capacityBytes: 16 << 20)

  /// A library track, or a downloaded episode or book part by its track ID (looked up once, then
  /// kept, as rooms do: `TrackCatalog.resolve`).
  func track(_ id: String) async throws(SubsonicFailure) -> Track {
    if tracks.track(id) == nil, !id.isEmpty, id.utf8.count <= 200 { await tracks.resolve([id]) }
    guard let track = tracks.track(id) else { throw SubsonicFailure(.notFound, "Song not found") }
    return track
  }

  func album(_ id: String) async throws -> AlbumDetail {
    guard let found = try await albumIfAny(id) else { throw SubsonicFailure(.notFound, "Album not found") }
    return found
  }

  /// The album, kept until the library changes; nil when there is none.
  func albumIfAny(_ id: String) async throws -> AlbumDetail? {
    let key = "album:" + id
    let generation = generation()
    if case .album(let kept)? = reads.cached(key, generation: generation) { return kept }
    let found = try await catalog.album(id: id)
    reads.keep(.album(found), bytes: 512 * (1 + (found?.tracks.count ?? 0)), for: key, generation: generation)
    return found
  }

  /// The catalog's search, kept until the library changes.
  func search(_ terms: SearchTerms, limit: Int) async throws -> SearchResults {
    let key = "search:\(limit):" + terms.phrase
    let generation = generation()
    if case .search(let kept)? = reads.cached(key, generation: generation) { return kept }
    let found = try await catalog.search(terms, limit: limit)
    let weight = 512 * (1 + found.tracks.count + found.albums.count + found.artists.count)
    reads.keep(.search(found), bytes: weight, for: key, generation: generation)
    return found
  }

  func artist(_ id: String) async throws -> ArtistDetail {
    guard let artist = try await catalog.artist(id: id) else { throw SubsonicFailure(.notFound, "Artist not found") }
    return artist
  }

  /// Every present track in the library's order (the store's), `page` of them.
  func allTracks(_ page: PageRange) -> [Track] {
    tracks.availableTracks(page.offset..<(page.offset + page.limit))
  }

  func songs(_ tracks: [Track], for caller: Principal, name: String = "song") async throws -> [SubsonicElement] {
    let notes = try await annotations.annotations(kind: .tracks, ids: tracks.map(\.id), userID: caller.userID)
    return tracks.map { SubsonicItems.song($0, notes[$0.id], name: name) }
  }

  func albums(_ albums: [Album], for caller: Principal) async throws -> [SubsonicElement] {
    let notes = try await annotations.annotations(kind: .albums, ids: albums.map(\.id), userID: caller.userID)
    return albums.map { SubsonicItems.album($0, notes[$0.id]) }
  }

  func artists(_ artists: [Artist], for caller: Principal) async throws -> [SubsonicElement] {
    let notes = try await annotations.annotations(kind: .artists, ids: artists.map(\.id), userID: caller.userID)
    return artists.map { SubsonicItems.artist($0, notes[$0.id]) }
  }

  /// Albums as folders (`Child`), for the lists older apps ask for.
  func albumFolders(_ albums: [Album], for caller: Principal) async throws -> [SubsonicElement] {
    let notes = try await annotations.annotations(kind: .albums, ids: albums.map(\.id), userID: caller.userID)
    return albums.map { SubsonicItems.albumFolder($0, notes[$0.id]).renamed("album") }
  }

  /// Artists as folders (`Artist`).
  func folderArtists(_ artists: [Artist], for caller: Principal) async throws -> [SubsonicElement] {
    let notes = try await annotations.annotations(kind: .artists, ids: artists.map(\.id), userID: caller.userID)
    return artists.map { SubsonicItems.folderArtist($0, notes[$0.id]) }
  }

  /// Every artist in name order.
  func everyArtist() async throws -> [Artist] {
    try await catalog.artists(.name, page: PageRange(offset: 0, limit: Int(Int32.max))).items
  }
}
