import BlastoiseCore
import Testing

@Suite struct PhotoPlacementTests {
  private func refusal(_ name: String) -> String? {
    do {
      try PhotoPlacement.checkName(name)
      return nil
    } catch let error as CoreError {
      return error.code == .invalidInput ? error.message : "not invalid input"
    } catch { return "unexpected \(error)" }
  }

  @Test func aPhotoLandsInItsYearAndMonth() throws {
    #expect(
      try PhotoPlacement.relativePath(person: "ana", year: 2024, month: 3, name: "IMG_1.JPG") == "ana/2024/03/IMG_1.JPG"
    )
    #expect(throws: CoreError.self) { try PhotoPlacement.relativePath(person: "ana", year: 2024, month: 13, name: "a") }
    #expect(throws: CoreError.self) { try PhotoPlacement.relativePath(person: "..", year: 2024, month: 1, name: "a") }
  }

  @Test func namesAreNeverPaths() {
    for name in ["IMG_0001.HEIC", "été.jpg", ".hidden", String(repeating: "x", count: 255)] {
      #expect(refusal(name) == nil, "\(name)")
    }
    #expect(refusal("") == "name must not be empty")
    #expect(refusal(String(repeating: "é", count: 128)) == "name must be at most 255 bytes")
    for name in ["a/b.jpg", "../x.jpg", "..", ".", "a\\b"] {
      #expect(refusal(name) == "name must be a file name, not a path", "\(name)")
    }
    for name in ["a\u{0}.jpg", "a\n.jpg", "a\u{7F}", "a\u{85}"] {
      #expect(refusal(name) == "name must not contain control characters", "\(name)")
    }
  }

  @Test func aClashTakesASuffixBeforeTheExtension() {
    #expect(PhotoPlacement.candidate("IMG.jpg", 0) == "IMG.jpg")
    #expect(PhotoPlacement.candidate("IMG.jpg", 1) == "IMG (1).jpg")
    #expect(PhotoPlacement.candidate("IMG.tar.gz", 2) == "IMG.tar (2).gz")
    #expect(PhotoPlacement.candidate("README", 1) == "README (1)")
    #expect(PhotoPlacement.candidate(".hidden", 1) == ".hidden (1)")
    let long = PhotoPlacement.candidate(String(repeating: "x", count: 251) + ".jpg", 12)
    #expect(long.utf8.count == 255)
    #expect(long.hasSuffix("x (12).jpg"))
  }
}
