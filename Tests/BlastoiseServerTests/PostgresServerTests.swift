import BlastoiseProtocol
import BlastoiseTestSupport
import Foundation
import Testing

/// The real executable on PostgreSQL (`--database`): accounts, rooms, playlists and the catalog
/// live in the database, so a second node with a data folder of its own carries on where the
/// first stopped.
@Suite(.enabled(if: TestPostgres.url != nil, "needs \(TestPostgres.variable) (scripts/test-postgres)"))
struct PostgresServerTests {
  @Test func signUpARoomActionAndAPlaylistLiveInPostgreSQL() async throws {
    let serverURL = try #require(TestPostgres.url)
    try await TestPostgres.withSchema(on: serverURL) { schema in
      let music = try temporaryDirectory()
      for index in 0..<2 {
        try LibraryRoutesTests.wav(seconds: 30, frequency: 300 + Double(index) * 60, title: "Tone \(index)")
          .write(to: URL(fileURLWithPath: "\(music)/\(index).wav"))
      }
      func node(_ extra: [String], environment: [String: String] = [:]) throws -> ServerProcess {
        try ServerProcess(
          arguments: [
            "serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", try temporaryDirectory(),
            "--music-dir", music,
          ] + extra,
          environment: environment)
      }

      let first = try node(["--database", schema.url])
      let client = APIClient(base: "http://127.0.0.1:\(try await first.waitUntilListening())")
      #expect(try await client.signUp("keeper").status == 200)
      try await LibraryRoutesTests.waitForLibrary(client, count: 2)
      let tracks = try await client.get("/api/library").json([SeedTrack].self).map(\.id)
      let room = try #require(try await client.get("/api/channels").json([SeedChannelInfo].self).first?.id)
      #expect(try await client.post("/api/channels/\(room)/mode", #"{"mode":"repeat-one"}"#).status == 200)
      let created = try await client.post("/api/playlists", #"{"name":"Road Trip"}"#)
      let playlist = try created.json(PlaylistTests.SeedPlaylist.self).id
      let set = #"{"set":["\#(tracks[1])","\#(tracks[0])","\#(tracks[1])"]}"#
      #expect(try await client.request("PATCH", "/api/playlists/\(playlist)/tracks", json: set).status == 200)
      first.signal(SIGTERM)
      #expect(try await first.waitForExit().status == 0)

      // Another node, another data folder, the database named in the environment this time.
      let second = try node([], environment: ["BLASTOISE_DATABASE": schema.url])
      let again = APIClient(base: "http://127.0.0.1:\(try await second.waitUntilListening())")
      again.cookie = client.cookie  // the session is in the database too
      #expect(try await again.get("/api/auth/me").text.contains(#""username":"keeper""#))
      let state = try await again.get("/api/channels/\(room)").json(SeedChannelState.self)
      #expect(state.playbackMode == "repeat-one")
      let stored = try await again.get("/api/playlists/\(playlist)").json(PlaylistTests.SeedPlaylist.self)
      #expect(stored.name == "Road Trip")
      #expect(stored.ownerName == "keeper")
      #expect(stored.trackIds == [tracks[1], tracks[0], tracks[1]])
      let found = try await again.get(APIRoute.search.path(query: [("q", "tone")])).json(SearchResults.self)
      #expect(found.tracks.map(\.title) == ["Tone 0", "Tone 1"])
      #expect(Set(found.tracks.map(\.id)) == Set(tracks))
      second.signal(SIGTERM)
      #expect(try await second.waitForExit().status == 0)
    }
  }
}
