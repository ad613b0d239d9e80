import BlastoiseClient
import BlastoiseProtocol
import Foundation
import Testing

/// The phone's saved servers (the iOS app's "Your servers"): what a typed address becomes, the
/// list's order and edits, and the identity a server answers with.
@Suite struct ServerListTests {
  func parsed(_ typed: String) -> String? { try? ServerAddress.parse(typed).absoluteString }

  func refusal(_ typed: String) -> ServerAddressError? {
    do {
      _ = try ServerAddress.parse(typed)
      return nil
    } catch {
      return error
    }
  }

  @Test func aBareHostGetsHTTPSAndPlainHTTPIsForThisNetworkOnly() {
    #expect(parsed("music.example.org") == "https://music.example.org")
    #expect(parsed("  Music.Example.org/ ") == "https://music.example.org")
    #expect(parsed("https://music.example.org:8443/blastoise/") == "https://music.example.org:8443/blastoise")
    for local in [
      "http://localhost:3001", "http://192.168.1.20:3001", "http://10.0.0.5", "http://nas.local",
      "http://172.20.1.1", "http://[fe80::1]:3001", "http://[::1]:3001", "http://127.0.0.1:3001",
    ] {
      #expect(parsed(local) != nil, "\(local)")
    }
    #expect(refusal("http://music.example.org") == .plainHTTPOffNetwork("music.example.org"))
    #expect(refusal("http://172.32.0.1") == .plainHTTPOffNetwork("172.32.0.1"))
    #expect(refusal("http://8.8.8.8") == .plainHTTPOffNetwork("8.8.8.8"))
    #expect(refusal("") == .empty)
    #expect(refusal("ftp://music.example.org") == .scheme("ftp"))
    #expect(refusal("https://ann:pw@music.example.org") == .notAnAddress)
    #expect(refusal("https://") == .notAnAddress)
    #expect(ServerAddressError.plainHTTPOffNetwork("x.org").description.contains("https://"))
  }

  @Test func theLatestUsedComesFirstAndTheOneInUseIsKnown() throws {
    var list = ServerList()
    let mine = try ServerAddress.parse("music.example.org")
    let mum = try ServerAddress.parse("http://192.168.1.20:3001")
    list.add(mine, identity: ServerIdentity(version: "1", serverID: "aaa"), at: 100)
    list.add(mum, identity: ServerIdentity(version: "1", serverID: "bbb"), at: 200)
    #expect(list.servers.map(\.url) == [mum, mine])
    #expect(list.inUse?.url == mum)
    #expect(list.inUse?.name == "192.168.1.20:3001")
    list.use(mine, at: 300)
    #expect(list.servers.map(\.url) == [mine, mum])
    #expect(list.inUse?.serverID == "aaa")

    list.rename(mum, to: "  Mum's  ")
    #expect(list.servers.last?.name == "Mum's")
    list.rename(mum, to: "")
    #expect(list.servers.last?.name == "192.168.1.20:3001")
    // Kept again (it answered once more): its name stays, its identity is what it said now.
    list.rename(mum, to: "Mum's")
    list.add(mum, identity: ServerIdentity(version: "2", serverID: "bbb"), at: 400)
    #expect(list.servers.count == 2)
    #expect(list.inUse?.name == "Mum's")

    list.remove(mum)
    #expect(list.inUse?.url == mine)
    list.remove(mine)
    #expect(list.inUse == nil)
    #expect(list.servers.isEmpty)
  }

  @Test func theListIsKeptAsJSON() throws {
    var list = ServerList()
    list.add(try ServerAddress.parse("music.example.org"), identity: ServerIdentity(version: "1", serverID: "a"), at: 1)
    let data = try JSONEncoder().encode(list)
    #expect(try JSONDecoder().decode(ServerList.self, from: data) == list)
  }

  @Test func aServerAnswersWithItsLastingIDAndAnotherAtTheSameAddressIsFlagged() async throws {
    let directory = try ClientTestServer.temporaryDirectory()
    let first = try await ClientTestServer(dataDirectory: directory)
    let identity = try await first.api().identity()
    #expect(identity.version == BlastoiseVersion.current)
    #expect(identity.serverID.count == 32)
    var list = ServerList()
    list.add(first.base, identity: identity, at: 1)
    await first.stop()

    // The same data again: the same server, whatever its port.
    let again = try await ClientTestServer(dataDirectory: directory)
    #expect(ServerIdentity.check(try #require(list.inUse), answered: try await again.api().identity()) == .same)
    await again.stop()
    // Another server's data (as if installed afresh where that address points).
    let other = try await ClientTestServer()
    let answered = try await other.api().identity()
    #expect(
      ServerIdentity.check(try #require(list.inUse), answered: answered)
        == .changed(was: identity.serverID, now: answered.serverID))
    await other.stop()
  }

  @Test func anAddressThatIsNotBlastoiseIsSaid() async throws {
    let server = try await ClientTestServer()
    // Not the status route's JSON: another app's page.
    let elsewhere = BlastoiseAPI(baseURL: server.base.appendingPathComponent("api/nothing-here"), requestTimeout: 300)
    await #expect(throws: BlastoiseClientError.notBlastoise) { try await elsewhere.identity() }
    await server.stop()
  }
}
