import BlastoiseProtocol
import Testing

/// Bookmarks and playback rates through the real server on loopback and its SQLite file.
@Suite struct BookmarkRoutesTests {
  private let episode = "https://feeds.example/show/episode 1.mp3?a=1&b=/x"

  @Test func bookmarksAreAddedListedEditedAndRemovedOnAnyDeviceOfThePerson() async throws {
    let server = try await TestServer { _ in }
    let phone = server.client()
    try await phone.signUp("ann")
    let laptop = server.client()
    try await laptop.logIn("ann")
    let path = APIRoute.bookmarks.path("episodes", episode)
    let added = try await phone.request("POST", path, json: #"{"position":754.5,"note":"the twist"}"#)
    #expect(added.status == 201)
    let twist = try added.json(Bookmark.self)
    #expect(twist.kind == .episodes && twist.item == episode && twist.position == 754.5 && twist.note == "the twist")
    #expect(twist.id.count == 12)
    let early = try await laptop.request("POST", path, json: #"{"position":3}"#).json(Bookmark.self)
    #expect(early.note == "")
    #expect(try await laptop.get(path).json(BookmarkList.self).bookmarks == [early, twist])

    let one = APIRoute.bookmark.path("episodes", episode, twist.id)
    let edited = try await laptop.request("PATCH", one, json: #"{"note":"the big twist"}"#)
    #expect(try edited.json(Bookmark.self).note == "the big twist")
    #expect(try await phone.request("DELETE", one).status == 200)
    #expect(try await phone.request("DELETE", one).status == 404)
    #expect(try await phone.get(path).json(BookmarkList.self).bookmarks == [early])
    await server.stop()
  }

  @Test func eachPersonHasTheirOwnAndGuestsNone() async throws {
    let server = try await TestServer { $0.allowGuests = true }
    let ann = server.client()
    try await ann.signUp("ann")
    let bob = server.client()
    try await bob.signUp("bob")
    let path = APIRoute.bookmarks.path("books", "book-1")
    let mark = try await ann.request("POST", path, json: #"{"position":30,"note":"ann's"}"#).json(Bookmark.self)
    _ = try await ann.request("PUT", APIRoute.rate.path("books", "book-1"), json: #"{"rate":1.5}"#)
    #expect(try await bob.get(path).json(BookmarkList.self).bookmarks.isEmpty)
    let theirs = APIRoute.bookmark.path("books", "book-1", mark.id)
    #expect(try await bob.request("PATCH", theirs, json: #"{"note":"bob's"}"#).status == 404)
    #expect(try await bob.request("DELETE", theirs).status == 404)
    #expect(try await ann.get(path).json(BookmarkList.self).bookmarks == [mark])
    #expect(try await bob.get(APIRoute.rates.path()).json(RateList.self).rates.isEmpty)

    let guest = server.client()
    _ = try await guest.get(APIRoute.me.path())
    let refused = try await guest.request("POST", path, json: #"{"position":30}"#)
    #expect(refused.status == 403 && refused.errorMessage == "Guests keep no bookmarks")
    #expect(try await guest.get(path).status == 403)
    let rate = try await guest.request("PUT", APIRoute.rate.path("books", "book-1"), json: #"{"rate":2}"#)
    #expect(rate.status == 403 && rate.errorMessage == "Guests keep no playback rates")
    #expect(try await server.client().get(APIRoute.rates.path()).status == 401)
    await server.stop()
  }

  @Test func aRateChosenOnOneDeviceIsTheOtherDevicesToo() async throws {
    let server = try await TestServer { _ in }
    let phone = server.client()
    try await phone.signUp("ann")
    let laptop = server.client()
    try await laptop.logIn("ann")
    let feed = "https://feeds.example/show.xml"
    let set = try await phone.request("PUT", APIRoute.rate.path("episodes", feed), json: #"{"rate":1.25}"#)
    #expect(try set.json(ListeningRate.self) == ListeningRate(kind: .episodes, show: feed, rate: 1.25))
    _ = try await phone.request("PUT", APIRoute.rate.path("books", "book-1"), json: #"{"rate":3}"#)
    _ = try await laptop.request("PUT", APIRoute.rate.path("books", "book-1"), json: #"{"rate":0.5}"#)
    #expect(
      try await laptop.get(APIRoute.rates.path()).json(RateList.self).rates == [
        ListeningRate(kind: .books, show: "book-1", rate: 0.5), ListeningRate(kind: .episodes, show: feed, rate: 1.25),
      ])
    await server.stop()
  }

  @Test func badInputIsRefusedWithAReason() async throws {
    let server = try await TestServer { _ in }
    let client = server.client()
    try await client.signUp("ann")
    let path = APIRoute.bookmarks.path("books", "b")
    let long = String(repeating: "x", count: 501)
    let bodies = [
      #"{"position":-1}"#, #"{"position":"12"}"#, #"{}"#, #"{"position":1,"extra":true}"#, #"{"position":1e300}"#,
      #"{"position":1,"note":"\#(long)"}"#, #"{"position":1,"note":"a\u0000b"}"#, #"{"position":1,"note":7}"#, "[",
    ]
    for body in bodies {
      let answer = try await client.request("POST", path, json: body)
      #expect(answer.status == 400, "\(body)")
      #expect(answer.errorMessage?.isEmpty == false, "\(body)")
    }
    let wrongKind = try await client.request("POST", APIRoute.bookmarks.path("songs", "b"), json: #"{"position":1}"#)
    #expect(wrongKind.status == 400 && wrongKind.errorMessage == "The kind is episodes or books")
    let longID = APIRoute.bookmarks.path("books", String(repeating: "x", count: 3_000))
    #expect(try await client.request("POST", longID, json: #"{"position":1}"#).status == 400)
    let mark = try await client.request("POST", path, json: #"{"position":1}"#).json(Bookmark.self)
    let one = APIRoute.bookmark.path("books", "b", mark.id)
    for body in [#"{}"#, #"{"note":"\#(long)"}"#, #"{"note":null}"#] {
      #expect(try await client.request("PATCH", one, json: body).status == 400, "\(body)")
    }

    let rate = APIRoute.rate.path("books", "b")
    for body in [#"{"rate":0.49}"#, #"{"rate":3.5}"#, #"{"rate":"2"}"#, #"{}"#, #"{"rate":2,"x":1}"#] {
      let answer = try await client.request("PUT", rate, json: body)
      #expect(answer.status == 400, "\(body)")
      #expect(answer.errorMessage?.isEmpty == false, "\(body)")
    }
    let badRate = try await client.request("PUT", rate, json: #"{"rate":9}"#)
    #expect(badRate.errorMessage == "rate must be a number from 0.5 to 3")
    #expect(try await client.request("PUT", APIRoute.rate.path("songs", "b"), json: #"{"rate":2}"#).status == 400)
    #expect(try await client.get(APIRoute.rates.path()).json(RateList.self).rates.isEmpty)
    await server.stop()
  }
}
