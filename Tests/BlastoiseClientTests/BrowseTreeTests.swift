import BlastoiseClient
import BlastoiseProtocol
import BlastoiseTestSupport
import Foundation
import Testing

/// What a car lists, read from the real server (the demo library, a playlist, a book begun).
@Suite struct BrowseTreeTests {
  @Test func aCarBrowsesSectionsListsAndWhatToPlay() async throws {
    let root = try TestRun.makeDirectory("client-browse")
    defer { TestRun.remove(root) }
    try FileManager.default.createDirectory(atPath: root + "/Bea/Long Book", withIntermediateDirectories: true)
    try await BookFixtures.book(at: root + "/Bea/Long Book/01.mp3", seconds: 4, metadata: [("album", "Long Book")])
    let server = try await ClientTestServer(audiobooks: root)
    let (api, room) = try await server.signedIn("driver")
    _ = try await api.scanBooks()
    let tree = BrowseTree(api: api)

    #expect(
      try await tree.items(.root).map(\.title) == [
        "Continue listening", "Rooms", "Playlists", "Albums", "Podcasts", "Audiobooks",
      ])
    let rooms = try await tree.items(.rooms)
    #expect(rooms.contains { $0.title == room.name && $0.action == .play(.room(room.id)) })

    // An album opens to its tracks; choosing one plays the album from there.
    let albums = try await tree.items(.albums)
    let album = try #require(albums.first)
    guard case .open(let place) = album.action else { throw TestFailure("an album is a list") }
    let tracks = try await tree.items(place)
    #expect(!tracks.isEmpty)
    if tracks.count > 1, case .play(.tracks(let list, let index)) = tracks[1].action {
      #expect(index == 1)
      #expect(list.map(\.title) == tracks.map(\.title))
    } else if tracks.count > 1 {
      Issue.record("the second track does not play the album from itself")
    }

    // A playlist lists its tracks in its order.
    let library = try await api.library()
    let playlist = try await api.createPlaylist(name: "Road trip")
    _ = try await api.editPlaylistTracks(playlist.id, .set([library[1].id, library[0].id]))
    let playlists = try await tree.items(.playlists)
    #expect(playlists.map(\.title) == ["Road trip"])
    #expect(playlists.first?.subtitle == "2 tracks")
    #expect(try await tree.items(.playlist(playlist.id)).map(\.title) == [library[1].title, library[0].title])

    // A book begun is under Continue listening, played from where it was left.
    let book = try #require(try await api.books().first)
    #expect(try await tree.items(.continueListening).isEmpty)
    let now = Int64(Date().timeIntervalSince1970 * 1000)
    _ = try await api.report(ProgressReport(position: 1.5, finished: false, at: now), .books, book.id)
    let resumed = try await tree.items(.continueListening)
    #expect(resumed.map(\.title) == ["Long Book"])
    guard case .play(.book(let played, let at)) = resumed.first?.action else {
      throw TestFailure("a book in progress plays")
    }
    #expect(played.id == book.id)
    #expect(at == 1.5)
    #expect(try await tree.items(.audiobooks).first?.action == .play(.book(try await api.books()[0], at: 1.5)))
    #expect(try await tree.items(.podcasts).isEmpty)
    await server.stop()
  }
}
