import Foundation
import Testing

@testable import BlastoiseFeeds

@Suite struct ChaptersTests {
  @Test func chaptersAreSortedAndBadEntriesSkipped() throws {
    let json = """
      {"version": "1.2.0", "chapters": [
        {"startTime": 120.5, "title": "Second", "img": "https://x.example/2.jpg", "url": "https://x.example", "toc": false},
        {"startTime": 0, "title": "Intro"},
        {"title": "no start time"},
        {"startTime": -3, "title": "negative"},
        {"startTime": "60", "title": 7, "endTime": 119},
        "not an object"
      ]}
      """
    #expect(
      try ChaptersParser.parse(Data(json.utf8)) == [
        Chapter(startTime: 0, title: "Intro"),
        Chapter(startTime: 60, endTime: 119),
        Chapter(
          startTime: 120.5, title: "Second", imageURL: "https://x.example/2.jpg", url: "https://x.example", toc: false),
      ])
  }

  @Test func documentsWithoutChaptersAreErrors() {
    #expect(throws: FeedError.self) { try ChaptersParser.parse(Data("[1, 2]".utf8)) }
    #expect(throws: FeedError.self) { try ChaptersParser.parse(Data("{\"version\": \"1\"}".utf8)) }
    #expect(throws: FeedError.self) { try ChaptersParser.parse(Data("<xml/>".utf8)) }
  }
}
