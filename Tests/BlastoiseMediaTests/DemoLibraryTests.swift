import BlastoiseTestSupport
import Foundation
import Testing

@testable import BlastoiseMedia

@Suite struct DemoLibraryTests {
  @Test func demoTracksAreTaggedAudioOfTheRightLength() throws {
    let directory = TestRun.root + "/demo-\(UUID().uuidString)"
    #expect(try DemoLibrary.generateIfEmpty(in: directory) == DemoLibrary.pieces.count)
    #expect(try DemoLibrary.generateIfEmpty(in: directory) == 0)  // not twice
    let files = LibraryWalker.walk(directory).sorted { $0.path < $1.path }
    #expect(files.count == DemoLibrary.pieces.count)
    let tags = try TagReader.read(path: files[0].path).get()
    #expect(tags.title == DemoLibrary.pieces[0].title)
    #expect(tags.artist == DemoLibrary.artist)
    #expect(tags.album == DemoLibrary.album)
    #expect(abs(tags.duration - DemoLibrary.pieces[0].seconds) < 0.05)
  }
}
