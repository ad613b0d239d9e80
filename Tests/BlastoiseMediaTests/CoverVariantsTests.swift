import BlastoiseProtocol
import BlastoiseTestSupport
import Foundation
import Testing

@testable import BlastoiseMedia

/// Thumbnails made by the real libvips from kept pictures, on first request, and kept.
@Suite struct CoverVariantsTests {
  let folder: String
  let store: CoverStore
  let variants: CoverVariants
  let log = LogLines()

  init() throws {
    folder = try TestRun.makeDirectory("variants")
    store = CoverStore(directory: folder + "/covers")
    variants = CoverVariants(store: store, log: log.append)
  }

  private func kept(_ ext: String, width: Int, height: Int) async throws -> String {
    let bytes = try await CoverFixtures.image(ext, width: width, height: height, at: folder + "/source.\(ext)")
    return try store.keep(bytes)
  }

  @Test(arguments: CoverFormat.allCases)
  func variantsFitTheSquareAndAreKept(format: CoverFormat) async throws {
    let id = try await kept("png", width: 400, height: 200)
    let path = try #require(await variants.file(id, fitting: 128, as: format))
    let bytes = try CoverFixtures.bytes(path)
    #expect(ImageFormat(magic: bytes)?.rawValue == format.rawValue)
    #expect(Vips.dimensions(of: bytes)! == (128, 64))
    let made = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    #expect(await variants.file(id, fitting: 128, as: format) == path)
    #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == made)
  }

  /// A photo's name is its own: brackets in it are no load options for libvips (one such name
  /// once aborted the server inside libvips).
  @Test(arguments: ["holiday[1].jpg", "a.jpg[x=1]", "[b]", "x[y", "c[]"])
  func aPhotoNamedWithBracketsStillGetsItsThumbnail(name: String) async throws {
    let path = folder + "/" + name
    let bytes = try await CoverFixtures.image(
      "jpg", width: 200, height: 100, at: folder + "/plain-\(name.hashValue.magnitude).jpg")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let thumbnail = try Vips.thumbnail(ofFileAt: path, fitting: 64, maxPixels: 50_000_000)
    #expect(Vips.dimensions(of: thumbnail)! == (64, 32))
  }

  @Test func smallPicturesAreNeverEnlarged() async throws {
    let id = try await kept("jpg", width: 100, height: 80)
    let path = try #require(await variants.file(id, fitting: 512, as: .jpeg))
    #expect(Vips.dimensions(of: try CoverFixtures.bytes(path))! == (100, 80))
  }

  @Test func requestsArrivingTogetherShareOneThumbnail() async throws {
    let id = try await kept("webp", width: 600, height: 600)
    let paths = await withTaskGroup(of: String?.self) { group in
      for _ in 0..<16 { group.addTask { await variants.file(id, fitting: 256, as: .webp) } }
      return await group.reduce(into: Set<String?>()) { $0.insert($1) }
    }
    #expect(paths.count == 1 && paths.first! != nil)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/covers/" + id.prefix(2))
    #expect(files.sorted() == ["\(id)-256.webp", "\(id).webp"])
  }

  /// A PNG whose header reads well but whose image data is damaged passes the scan's checks; it
  /// fails when decoded, once, with a log line.
  @Test func aPictureThatCannotBeDecodedHasNoVariants() async throws {
    var bytes = try await CoverFixtures.image("png", width: 200, height: 200, at: folder + "/source.png")
    let idat = try #require(bytes.firstRange(of: Array("IDAT".utf8)))
    for index in (idat.upperBound + 16)..<(idat.upperBound + 48) { bytes[index] ^= 0x5A }
    let id = try store.keep(bytes)
    #expect(await variants.file(id, fitting: 64, as: .jpeg) == nil)
    #expect(await variants.file(id, fitting: 64, as: .jpeg) == nil)
    #expect(log.all.count == 1)
  }

  @Test func idsThatAreNotCoverIDsNameNothing() async {
    for id in ["", "../../etc/passwd", String(repeating: "A", count: 64), String(repeating: "0", count: 64)] {
      #expect(await variants.file(id, fitting: 64, as: .jpeg) == nil)
      #expect(store.original(id) == nil)
    }
  }
}
