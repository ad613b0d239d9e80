import BlastoiseProtocol
import Foundation
import Testing

/// Spoken-word progress through the real server on loopback and its SQLite file.
@Suite struct ProgressRoutesTests {
  private let episode = "https://feeds.example/show/episode 1.mp3?a=1&b=/x"

  private func signedIn() async throws -> (TestServer, APIClient) {
    let server = try await TestServer { _ in }
    let client = server.client()
    try await client.signUp("ann")
    return (server, client)
  }

  @Test func aPositionSavedOnOneDeviceResumesOnAnotherAndAStaleOneChangesNothing() async throws {
    let (server, phone) = try await signedIn()
    let laptop = server.client()
    try await laptop.logIn("ann")
    let path = APIRoute.progressItem.path("episodes", episode)
    let now = Int64(Date().timeIntervalSince1970 * 1000)
    let saved = try await phone.request("PUT", path, json: #"{"position":754.5,"duration":3600,"at":\#(now)}"#)
    #expect(saved.status == 200)
    let stored = try saved.json(ListeningProgress.self)
    #expect(stored.id == episode && stored.position == 754.5 && stored.positionAt == now && !stored.finished)

    // A backgrounded tab saves what it read a minute ago: the answer is the phone's position.
    let stale = try await laptop.request("PUT", path, json: #"{"position":12,"at":\#(now - 60_000)}"#)
    #expect(try stale.json(ListeningProgress.self) == stored)
    #expect(try await laptop.get(path).json(ListeningProgress.self) == stored)
    let listed = try await laptop.get(APIRoute.progress.path()).json(ProgressList.self)
    #expect(listed.progress == [stored])

    // Near the end counts as finished, and leaves Continue listening.
    let done = try await laptop.request("PUT", path, json: #"{"position":3595}"#).json(ListeningProgress.self)
    #expect(done.finished && done.duration == 3600)
    #expect(try await phone.get(APIRoute.progress.path()).json(ProgressList.self).progress.isEmpty)
    // Marked new: back to the start, and a late report from before cannot undo it.
    let fresh = try await phone.request("DELETE", path).json(ListeningProgress.self)
    #expect(fresh.position == 0 && !fresh.finished)
    _ = try await laptop.request("PUT", path, json: #"{"position":3595,"at":\#(now)}"#)
    #expect(try await phone.get(path).json(ListeningProgress.self).position == 0)
    await server.stop()
  }

  @Test func eachPersonHasTheirOwnAndGuestsNone() async throws {
    let server = try await TestServer { $0.allowGuests = true }
    let ann = server.client()
    try await ann.signUp("ann")
    let bob = server.client()
    try await bob.signUp("bob")
    let path = APIRoute.progressItem.path("books", "book-1")
    _ = try await ann.request("PUT", path, json: #"{"position":30}"#)
    #expect(try await bob.get(path).status == 404)
    #expect(try await bob.get(APIRoute.progress.path()).json(ProgressList.self).progress.isEmpty)

    let guest = server.client()
    _ = try await guest.get(APIRoute.me.path())
    let refused = try await guest.request("PUT", path, json: #"{"position":30}"#)
    #expect(refused.status == 403 && refused.errorMessage == "Guests keep no listening progress")
    #expect(try await server.client().get(APIRoute.progress.path()).status == 401)
    await server.stop()
  }

  @Test func badReportsAreRefusedWithAReason() async throws {
    let (server, client) = try await signedIn()
    let path = APIRoute.progressItem.path("books", "b")
    let bodies = [
      #"{"position":-1}"#, #"{"position":"12"}"#, #"{}"#, #"{"position":1,"extra":true}"#,
      #"{"position":1,"duration":0}"#, #"{"position":1e300}"#, #"{"position":1,"at":-5}"#, "[", "null",
    ]
    for body in bodies {
      let answer = try await client.request("PUT", path, json: body)
      #expect(answer.status == 400, "\(body)")
      #expect(answer.errorMessage?.isEmpty == false)
    }
    let wrongKind = try await client.request("PUT", APIRoute.progressItem.path("songs", "b"), json: #"{"position":1}"#)
    #expect(wrongKind.status == 400 && wrongKind.errorMessage == "The kind is episodes or books")
    let longID = APIRoute.progressItem.path("books", String(repeating: "x", count: 3_000))
    #expect(try await client.request("PUT", longID, json: #"{"position":1}"#).status == 400)
    #expect(try await client.get(APIRoute.progress.path(query: [("limit", "0")])).status == 400)
    await server.stop()
  }
}
