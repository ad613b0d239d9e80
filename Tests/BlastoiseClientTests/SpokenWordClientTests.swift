import BlastoiseProtocol
import BlastoiseTestSupport
import Foundation
import Testing

@testable import BlastoiseClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client library's audiobook and progress calls against the real server: a phone lists the
/// books, opens one, fetches a file's bytes, and keeps its place in step with another device.
@Suite struct SpokenWordClientTests {
  @Test func aPhoneListsOpensAndKeepsItsPlaceInABook() async throws {
    let root = try TestRun.makeDirectory("client-books")
    defer { TestRun.remove(root) }
    try FileManager.default.createDirectory(atPath: root + "/A Book", withIntermediateDirectories: true)
    try await BookFixtures.book(
      at: root + "/A Book/part.m4b", seconds: 4, chapters: [("One", 0), ("Two", 2)], metadata: [("album", "A Book")])
    let server = try await ClientTestServer(audiobooks: root)
    let (phone, _) = try await server.signedIn("owner")
    _ = try await phone.scanBooks()
    let listed = try await phone.books()
    #expect(listed.map(\.title) == ["A Book"])
    let book = try await phone.book(listed[0].id)
    #expect(book.chapters?.map(\.title) == ["One", "Two"])
    var request = URLRequest(url: phone.bookFileURL(book.id, index: 0))
    for (name, value) in phone.requestHeaders { request.setValue(value, forHTTPHeaderField: name) }
    let (bytes, response) = try await URLSession.shared.data(for: request)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: root + "/A Book/part.m4b"))))

    #expect(try await phone.progress(.books, book.id) == nil)
    let now = Int64(Date().timeIntervalSince1970 * 1000)
    let saved = try await phone.report(ProgressReport(position: 2.5, finished: false, at: now), .books, book.id)
    #expect(saved.position == 2.5)
    // A laptop that read its position earlier cannot move the phone's back; it learns the phone's.
    let laptop = server.api(cookies: phone.cookies)
    let stale = try await laptop.report(ProgressReport(position: 0.5, at: now - 60_000), .books, book.id)
    #expect(stale == saved)
    #expect(try await laptop.unfinished().progress.map(\.id) == [book.id])
    #expect(try await laptop.books().first?.progress == saved)
    await server.stop()
  }
}
