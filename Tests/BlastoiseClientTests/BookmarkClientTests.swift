import BlastoiseProtocol
import Testing

@testable import BlastoiseClient

/// The client library's bookmark and rate calls against the real server: what a phone marks and
/// chooses, a laptop signed in as the same person sees.
@Suite struct BookmarkClientTests {
  @Test func aPhonesBookmarksAndSpeedAreTheLaptopsToo() async throws {
    let server = try await ClientTestServer()
    let (phone, _) = try await server.signedIn("owner")
    let laptop = server.api(cookies: phone.cookies)
    let feed = "https://feeds.example/show.xml"
    let mark = try await phone.addBookmark(.episodes, "https://feeds.example/1.mp3", at: 61.5, note: "the twist")
    #expect(mark.position == 61.5 && mark.note == "the twist")
    #expect(try await laptop.bookmarks(.episodes, "https://feeds.example/1.mp3") == [mark])
    let edited = try await laptop.editBookmark(mark, note: "the big twist")
    #expect(edited.note == "the big twist")
    try await laptop.removeBookmark(edited)
    #expect(try await phone.bookmarks(.episodes, "https://feeds.example/1.mp3").isEmpty)

    #expect(
      try await phone.setRate(1.75, .episodes, show: feed) == ListeningRate(kind: .episodes, show: feed, rate: 1.75))
    #expect(try await laptop.rates() == [ListeningRate(kind: .episodes, show: feed, rate: 1.75)])
    do {
      _ = try await laptop.setRate(4, .episodes, show: feed)
      Issue.record("a rate of 4 was taken")
    } catch {
      #expect(error.status == 400)
    }
    await server.stop()
  }
}
