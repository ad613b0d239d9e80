import BlastoiseTestSupport
import Foundation
import Testing

@testable import BlastoiseMedia

/// What may become a cover, decided from the bytes without decoding them (real libvips headers).
@Suite struct CoverCheckTests {
  @Test func jpegPNGAndWebPAreKnownByTheirBytes() async throws {
    try await TestRun.withDirectory("check") { folder in
      for (ext, format) in [("jpg", ImageFormat.jpeg), ("png", .png), ("webp", .webp)] {
        // The name says nothing: a PNG saved as .jpg is a PNG.
        let bytes = try await CoverFixtures.image(ext, width: 120, height: 90, at: folder + "/picture.\(ext)")
        #expect(CoverCheck.check(bytes) == .success(format), "\(ext)")
      }
    }
  }

  @Test func htmlIsNotAPicture() {
    let html = Array("<!DOCTYPE html><html><body>404 Not Found</body></html>".utf8)
    #expect(
      CoverCheck.check(html)
        == .failure(CoverRefusal("not a JPEG, PNG or WebP image (it begins 3c 21 44 4f 43 54 59 50)")))
  }

  @Test(arguments: ["jpg", "png", "webp"])
  func truncatedPicturesAreRefused(ext: String) async throws {
    try await TestRun.withDirectory("check") { folder in
      let bytes = try await CoverFixtures.image(ext, width: 200, height: 200, at: folder + "/picture.\(ext)")
      let refusal = try #require(CoverCheck.check(Array(bytes.prefix(bytes.count / 2))).failure)
      #expect(refusal.reason.hasPrefix("a truncated"))
    }
  }

  @Test func aHugePNGIsRefusedByItsHeader() async throws {
    try await TestRun.withDirectory("check") { folder in
      let bytes = try await CoverFixtures.hugePNG(at: folder + "/huge.png")
      #expect(bytes.count < 2 << 20)
      #expect(CoverCheck.check(bytes).failure?.reason == "20000 × 20000 pixels, over the 100-megapixel limit")
    }
  }

  @Test func tooManyBytesAreRefusedBeforeAnythingElse() {
    let bytes = [0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0, count: CoverCheck.maxBytes)
    #expect(CoverCheck.check(bytes).failure == .tooLarge(bytes.count))
  }

  @Test func aFolderImageIsChosenByNameThenExtensionInAnyCase() {
    #expect(FolderImage.choose(among: ["Folder.PNG", "cover.webp", "notes.txt"]) == "cover.webp")
    #expect(FolderImage.choose(among: ["front.jpeg", "FRONT.jpg"]) == "FRONT.jpg")
    #expect(FolderImage.choose(among: ["album.png", "cover.jpg.bak", "mycover.jpg", "cover"]) == "album.png")
    #expect(FolderImage.choose(among: ["song.mp3", "cover.gif"]) == nil)
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let failure) = self { failure } else { nil }
  }
}
