import BlastoiseCore
import Testing

@testable import BlastoiseServer

@Suite struct UploadNamesTests {
  @Test(arguments: [
    ("../../evil/song.wav", "song.wav"),
    ("C:\\Music\\song.mp3", "song.mp3"),
    // A slash followed by a combining mark is one Character, but still a slash on disk.
    ("sub/\u{301}x.mp3", "\u{301}x.mp3"),
    ("a\\\u{301}b.mp3", "\u{301}b.mp3"),
    (".hidden\u{0}\u{7f}.mp3", "hidden.mp3"),
    // NEL, line separator, right-to-left override and an isolate: no reversed or broken names.
    ("a\u{85}b\u{2028}c\u{202E}d\u{2067}e.mp3", "abcde.mp3"),
    // A name that is only dots keeps a stem: `wav` alone would not be a track at the next scan.
    ("....wav", "upload.wav"),
    ("x/..\u{301}/....FLAC", "upload.FLAC"),
    ("..\u{301}.ogg", "\u{301}.ogg"),
    ("Song.MP3", "Song.MP3"),
    (" \t.wav", "upload.wav"),
    (".wav", "upload.wav"),
    ("\u{0}.wav", "upload.wav"),
  ])
  func storedNamesKeepOnlyTheLastComponentAStemAndTheExtension(name: String, expected: String) throws {
    let stored = try #require(UploadName(clientName: name)).fileName()
    #expect(stored == expected)
    #expect(!stored.unicodeScalars.contains { $0 == "/" || $0 == "\\" })
  }

  @Test(arguments: ["", "song", "..\u{301}/\u{301}..", "notes.txt", "song."])
  func namesWithoutAnAcceptedExtensionHaveNoStoredName(name: String) {
    #expect(UploadName(clientName: name) == nil)
  }

  @Test(arguments: [
    String(repeating: "😀", count: 150) + ".wav",
    "a" + String(repeating: "\u{301}", count: 400) + ".wav",
    String(repeating: "é", count: 300) + ".mp3",
    String(repeating: "a", count: 400) + ".flac",
    String(repeating: "👩‍👩‍👧‍👦", count: 20) + ".opus",
  ])
  func longNamesAreCutToTheByteLimitOnACharacterBoundary(name: String) throws {
    let upload = try #require(UploadName(clientName: name))
    for number in [1, 2, 999] {
      let stored = upload.fileName(number)
      #expect(stored.utf8.count <= UploadName.maxBytes)
      #expect(stored.hasSuffix((number > 1 ? " (\(number))." : ".") + upload.fileExtension))
      #expect(name.hasPrefix(stored.prefix { $0 != " " && $0 != "." }) || stored.hasPrefix("upload"))
    }
    // Nothing of the combining cluster fits, so the stem falls back rather than going empty.
    #expect(UploadName(clientName: "a" + String(repeating: "\u{301}", count: 400) + ".wav")?.fileName() == "upload.wav")
  }

  /// Found by the upload-name fuzzer: after a prepended mark the dot is no `Character` of its
  /// own, so a name the upload check took got no stored name (a 500), and a stored one would
  /// have been no audio to the scanner.
  @Test func aDotAfterAPrependedMarkStillStartsTheExtension() throws {
    #expect(AudioFormats.acceptedExtension(of: "a\u{600}\u{1}.mp3") == "mp3")
    let stored = try #require(UploadName(clientName: "a\u{600}\u{1}.mp3")).fileName()
    #expect(stored.unicodeScalars.elementsEqual("a\u{600}.mp3".unicodeScalars))
    #expect(AudioFormats.acceptedExtension(of: stored) == "mp3")
    #expect(AudioFormats.fallbackTitle(forFilename: stored) == "a\u{600}")
  }

  @Test func numberedNamesGoBeforeTheExtension() throws {
    #expect(try #require(UploadName(clientName: "song.mp3")).fileName(2) == "song (2).mp3")
  }
}
