import BlastoiseProtocol
import Testing

@Suite struct APIRouteTests {
  @Test func patternsAreTheSeedsPaths() {
    #expect(APIRoute.roomQueue.pattern == "/api/channels/:id/queue")
    #expect(APIRoute.roomSocket.pattern == "/api/channels/:id/ws")
    #expect(APIRoute.importJob.pattern == "/api/fetch/:itemId")
    #expect(APIRoute.health.pattern == "/healthz")
  }

  @Test func pathsFillParametersInOrder() {
    #expect(APIRoute.rooms.path() == "/api/channels")
    #expect(APIRoute.roomQueue.path("r1") == "/api/channels/r1/queue")
    #expect(APIRoute.sharedPlaylist.path("tok") == "/api/playlists/shared/tok")
    #expect(APIRoute.roomQueue.parameters == ["id"])
  }

  @Test func valuesArePercentEncodedAsOneSegment() {
    #expect(APIRoute.track.path("sha256:ab") == "/api/tracks/sha256%3Aab")
    #expect(APIRoute.room.path("a b/c?d") == "/api/channels/a%20b%2Fc%3Fd")
    #expect(APIRoute.room.path("é-._~") == "/api/channels/%C3%A9-._~")
  }

  @Test func queriesFollowThePathEachValueEncoded() {
    #expect(
      APIRoute.search.path(query: [("q", "hljóð & co"), ("limit", "5")])
        == "/api/search?q=hlj%C3%B3%C3%B0%20%26%20co&limit=5")
    #expect(APIRoute.album.path("a1", query: []) == "/api/albums/a1")
  }
}
