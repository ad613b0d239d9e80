import BlastoiseBridge
import Foundation
import Testing

/// Only the server's own origin drives the player: scheme, host and port.
@Suite struct BridgeOriginTests {
  let server = BridgeOrigin(URL(string: "https://Music.Example.org/some/page")!)!

  @Test func theServersOwnOriginIsAcceptedInAnyLetterCaseAndWithItsDefaultPort() {
    #expect(server.description == "https://music.example.org")
    for origin in [
      "https://music.example.org", "https://MUSIC.example.org", "https://music.example.org:443",
      "https://music.example.org/",
    ] {
      #expect(server.accepts(origin: origin), "\(origin)")
    }
  }

  @Test func aSimilarOriginIsNot() {
    for origin in [
      "http://music.example.org", "https://music.example.org:8443", "https://evil.music.example.org",
      "https://music.example.org.evil.example", "https://user@music.example.org", "https://music.example.org/page",
      "null", "", "file:///", "https://music.example.org?x=1",
    ] {
      #expect(server.accepts(origin: origin) == false, "\(origin)")
    }
  }

  @Test func portsAndAddressesCount() throws {
    let local = try #require(BridgeOrigin(URL(string: "http://127.0.0.1:3001")!))
    #expect(local.accepts(origin: "http://127.0.0.1:3001"))
    #expect(local.accepts(origin: "http://127.0.0.1:3002") == false)
    #expect(local.accepts(origin: "http://localhost:3001") == false)
    #expect(local.description == "http://127.0.0.1:3001")
    #expect(BridgeOrigin(URL(string: "ftp://127.0.0.1")!) == nil)
    #expect(BridgeOrigin(URL(string: "file:///tmp/x")!) == nil)
  }

  @Test func theSessionGoesOnlyToTheServer() {
    let session = ["Cookie": "blastoise_session=s3cret", "User-Agent": "Blastoise"]
    #expect(server.headers(for: URL(string: "https://music.example.org/api/tracks/t1")!, session: session) == session)
    #expect(server.headers(for: URL(string: "https://cdn.podcast.example/ep1.mp3")!, session: session).isEmpty)
    #expect(server.headers(for: URL(string: "http://music.example.org/api/tracks/t1")!, session: session).isEmpty)
  }

  @Test func aFileIsTheServersOnlyOnItsOrigin() {
    #expect(server.contains(URL(string: "https://music.example.org/api/tracks/t1")!))
    #expect(server.contains(URL(string: "https://music.example.org:443/api/tracks/t1")!))
    #expect(server.contains(URL(string: "http://music.example.org/api/tracks/t1")!) == false)
    #expect(server.contains(URL(string: "https://cdn.example.org/ep.mp3")!) == false)
    #expect(server.contains(URL(string: "https://x@music.example.org/api/tracks/t1")!) == false)
  }
}
