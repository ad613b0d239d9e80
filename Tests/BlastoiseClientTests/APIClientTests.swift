import BlastoiseProtocol
import BlastoiseSync
import Foundation
import Synchronization
import Testing

@testable import BlastoiseClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The API client against the real server in this process: every route, typed answers, the
/// session cookie, and the server's own error messages.
@Suite struct APIClientTests {
  @Test func signUpKeepsTheSessionCookieForLaterRequests() async throws {
    let server = try await ClientTestServer()
    let api = server.api()
    #expect(try await api.me().user == nil)
    let envelope = try await api.signUp(username: "ada", password: "password123")
    #expect(envelope.user?.username == "ada")
    #expect(api.cookies.value(named: "blastoise_session")?.isEmpty == false)
    #expect(try await api.me().user?.username == "ada")
    // A second client given the stored header is the same person (what an app restores).
    let restored = server.api(cookies: CookieJar(cookieHeader: api.cookies.cookieHeader))
    #expect(try await restored.me().user?.username == "ada")
    try await api.logOut()
    #expect(api.cookies.cookieHeader == nil)
    #expect(try await api.me().user == nil)
    await server.stop()
  }

  /// What an app gives its photo uploads (iOS: a background session) carries every request,
  /// headers and body set by the API, and its answers back.
  @Test func requestsTravelOnTheTransportTheAPIIsGiven() async throws {
    final class Recording: HTTPTransport, Sendable {
      let sent = Mutex<[(method: String, path: String, cookie: String?, body: Int)]>([])
      let carrier = EphemeralTransport(requestTimeout: 300)
      func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        sent.withLock {
          $0.append(
            (
              request.httpMethod ?? "", request.url?.path ?? "", request.value(forHTTPHeaderField: "Cookie"),
              request.httpBody?.count ?? 0
            ))
        }
        return try await carrier.send(request)
      }
    }
    let server = try await ClientTestServer()
    let transport = Recording()
    let api = BlastoiseAPI(baseURL: server.base, cookies: CookieJar(), transport: transport)
    try await api.signUp(username: "ada", password: "password123")
    #expect(try await api.me().user?.username == "ada")
    let sent = transport.sent.withLock { $0 }
    #expect(sent.map(\.method) == ["POST", "GET"])
    #expect(sent[0].path == "/api/auth/signup" && sent[0].body > 0 && sent[0].cookie == nil)
    #expect(sent[1].cookie?.contains("blastoise_session=") == true)
    await server.stop()
  }

  @Test func errorsCarryTheServersMessage() async throws {
    let server = try await ClientTestServer()
    let api = server.api()
    try await api.signUp(username: "ada", password: "password123")
    await #expect(throws: BlastoiseClientError.http(status: 409, message: "That username is taken")) {
      try await server.api().signUp(username: "ada", password: "password123")
    }
    do {
      _ = try await server.api().logIn(username: "ada", password: "wrong-password")
      Issue.record("a wrong password signed in")
    } catch {
      #expect(error.status == 401)
      #expect(!error.message.isEmpty && !error.message.hasPrefix("HTTP"))
    }
    await #expect(throws: BlastoiseClientError.http(status: 404, message: "No such room")) {
      try await api.room("nope")
    }
    do {
      try await api.editQueue(room: "nope", .remove([0]))
      Issue.record("edited a room that does not exist")
    } catch {
      #expect(error.status == 404)
    }
    await server.stop()
  }

  @Test func plainTextAndJSONErrorBodiesBothGiveAMessage() {
    #expect(BlastoiseClientError.serverMessage(in: Data(#"{"error":"Nope"}"#.utf8), status: 400) == "Nope")
    #expect(BlastoiseClientError.serverMessage(in: Data(#"{"message":"Later"}"#.utf8), status: 503) == "Later")
    #expect(BlastoiseClientError.serverMessage(in: Data("Not Found\n".utf8), status: 404) == "Not Found")
    #expect(BlastoiseClientError.serverMessage(in: Data(), status: 502) == "HTTP 502")
  }

  @Test func roomsQueueAndControlRoutes() async throws {
    let server = try await ClientTestServer()
    let (api, defaultRoom) = try await server.signedIn("owner")
    #expect(try await api.status().allowSignup)
    let library = try await api.library()
    #expect(library.count == 4)
    let audio = try await api.trackData(library[0].id)
    #expect(audio.prefix(4) == Data("RIFF".utf8))

    let room = try await api.createRoom(name: "Den", description: "quiet")
    #expect(room.name == "Den")
    #expect(try await api.rooms().contains { $0.id == room.id })
    #expect(try await api.editQueue(room: room.id, .set(library.map(\.id))) == 4)
    #expect(try await api.editQueue(room: room.id, .add([library[0].id], insertAt: 1)) == 5)
    #expect(try await api.editQueue(room: room.id, .move([1], to: 4)) == 5)
    #expect(try await api.editQueue(room: room.id, .remove([4])) == 4)
    try await api.jump(room: room.id, to: 2)
    let seekSent = ContinuousClock.now
    try await api.seek(room: room.id, to: 3.5)
    let state = try await api.room(room.id)
    // The room plays on after the seek: at most the time since it was sent, however slow the machine.
    let sinceSeek = ContinuousClock.now - seekSent
    let bound = 3.5 + Double(sinceSeek.components.seconds) + Double(sinceSeek.components.attoseconds) / 1e18 + 0.05
    #expect(state.currentIndex == 2)
    #expect(state.track?.id == library[2].id)
    #expect(state.currentTimestamp >= 3.5 && state.currentTimestamp < bound)
    #expect(state.queue == nil)  // the HTTP state leaves the queue to the socket
    #expect(try await api.setMode(room: room.id, .shuffle).playbackMode == "shuffle")
    #expect(try await api.updateRoom(room.id, name: "Study").name == "Study")
    try await api.deleteRoom(room.id)
    #expect(try await !api.rooms().contains { $0.id == room.id })
    #expect(try await api.room(defaultRoom.id).roomID == defaultRoom.id)
    await server.stop()
  }

  @Test func playlistsSharingAndCopies() async throws {
    let server = try await ClientTestServer()
    let (owner, _) = try await server.signedIn("owner")
    let (friend, _) = try await server.signedIn("friend")
    let library = try await owner.library()
    let list = try await owner.createPlaylist(name: "Mix", description: "for friends")
    let edited = try await owner.editPlaylistTracks(list.id, .set([library[0].id, library[1].id]))
    #expect(edited.trackIds == [library[0].id, library[1].id])
    #expect(try await owner.updatePlaylist(list.id, name: "Mix 2", isPublic: false).name == "Mix 2")
    #expect(try await owner.playlists().mine.map(\.id) == [list.id])
    let shared = try await owner.sharePlaylist(list.id)
    let token = try #require(shared.shareToken)
    #expect(try await friend.sharedPlaylist(token: token).id == list.id)
    #expect(try await friend.playlists().shared.isEmpty)
    #expect(try await friend.rememberSharedPlaylist(token: token).id == list.id)
    #expect(try await friend.playlists().shared.map(\.id) == [list.id])
    let copy = try await friend.copySharedPlaylist(token: token)
    #expect(copy.id != list.id)
    #expect(copy.trackIds == edited.trackIds)
    #expect(try await owner.revokeShare(list.id).shareToken == nil)
    do {
      _ = try await friend.sharedPlaylist(token: token)
      Issue.record("a revoked link still opened")
    } catch {
      #expect(error.status == 404)
    }
    try await owner.deletePlaylist(list.id)
    #expect(try await owner.playlists().mine.isEmpty)
    await server.stop()
  }

  @Test func uploadSendsMultipartAndReportsDuplicates() async throws {
    let server = try await ClientTestServer()
    let (api, _) = try await server.signedIn("owner")
    let tone = wavTone(seconds: 1, frequency: 660)
    let first = try await api.upload([UploadFile(filename: "tone \"one\".wav", data: tone)])
    #expect(first.tracks.count == 1)
    #expect(first.duplicates.isEmpty)
    let again = try await api.upload([UploadFile(filename: "again.wav", data: tone)])
    #expect(again.tracks.isEmpty)
    #expect(again.duplicates.map(\.id) == first.tracks.map(\.id))
    do {
      _ = try await api.upload([UploadFile(filename: "notes.txt", data: Data("hello".utf8))])
      Issue.record("a text file was accepted")
    } catch {
      #expect(error.status == 415)
      #expect(error.message.contains("notes.txt"))
    }
    await server.stop()
  }

  @Test func kickOthersEndsTheOtherSessions() async throws {
    let server = try await ClientTestServer()
    let (laptop, _) = try await server.signedIn("ada")
    let phone = server.api()
    try await phone.logIn(username: "ada", password: "password123")
    #expect(try await laptop.kickOthers() == 1)
    #expect(try await phone.me().user == nil)
    #expect(try await laptop.me().user?.username == "ada")
    await server.stop()
  }

  @Test func urlImportErrorsAreSurfaced() async throws {
    let server = try await ClientTestServer()
    let (api, _) = try await server.signedIn("owner")
    // Import is off on this server (no --ytdlp): whatever the server says comes through.
    do {
      _ = try await api.probeImport(url: "https://example.com/song")
      Issue.record("import worked on a server without it")
    } catch {
      #expect(error.status != nil)
      #expect(!error.message.isEmpty)
    }
    await server.stop()
  }
}
