import Testing

@testable import BlastoiseServer

@Suite struct UploadNamesTests {
  @Test(arguments: [
    ("../../evil/song.wav", "song.wav"),
    ("C:\\Music\\song.mp3", "song.mp3"),
    // A slash followed by a combining mark is one Character, but still a slash on disk.
    ("sub/\u{301}x.mp3", "\u{301}x.mp3"),
    ("a\\\u{301}b.mp3", "\u{301}b.mp3"),
    ("..\u{301}/\u{301}..", "\u{301}.."),
    (".hidden\u{0}\u{7f}.mp3", "hidden.mp3"),
    ("", "upload"),
  ])
  func uploadNamesKeepOnlyTheLastComponent(name: String, expected: String) {
    let sanitized = UploadNames.sanitize(name)
    #expect(sanitized == expected)
    #expect(!sanitized.unicodeScalars.contains { $0 == "/" || $0 == "\\" })
  }
}
