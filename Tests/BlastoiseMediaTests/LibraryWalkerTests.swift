import BlastoiseCore
import BlastoiseTestSupport
import Foundation
import Testing

@testable import BlastoiseMedia

@Suite struct LibraryWalkerTests {
  @Test func findsAudioRecursivelyAndSkipsHiddenAndOtherFiles() throws {
    let root = try makeDirectory()
    try write("\(root)/a.mp3")
    try write("\(root)/Album/b.FLAC")
    try write("\(root)/Album/cover.jpg")
    try write("\(root)/.hidden/c.mp3")
    try write("\(root)/.upload-abc123")
    try write("\(root)/Ünïcödé ♫/d.ogg")
    let names = Set(LibraryWalker.walk(root).map { $0.path.split(separator: "/").last.map(String.init) ?? "" })
    #expect(names == ["a.mp3", "b.FLAC", "d.ogg"])
  }

  @Test func followsNoSymlinkOutOfTheRootAndSurvivesLoops() throws {
    let outside = try makeDirectory()
    try write("\(outside)/secret.mp3")
    let root = try makeDirectory()
    try write("\(root)/inside.mp3")
    try FileManager.default.createSymbolicLink(atPath: "\(root)/out", withDestinationPath: outside)
    try FileManager.default.createSymbolicLink(atPath: "\(root)/out.mp3", withDestinationPath: "\(outside)/secret.mp3")
    try FileManager.default.createSymbolicLink(atPath: "\(root)/loop", withDestinationPath: root)
    let paths = LibraryWalker.walk(root).map(\.path)
    #expect(paths.count == 1)
    #expect(paths.first?.hasSuffix("/inside.mp3") == true)
  }

  @Test func hashIsTheSHA256OfTheWholeFile() throws {
    let root = try makeDirectory()
    try Data("abc".utf8).write(to: URL(fileURLWithPath: "\(root)/x.mp3"))
    #expect(
      FileHasher.trackID(ofFileAt: "\(root)/x.mp3")
        == "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(FileHasher.trackID(ofFileAt: "\(root)/nope.mp3") == nil)
  }

  private func makeDirectory() throws -> String {
    let path = TestRun.root + "/walk-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return realPath(path) ?? path
  }

  private func write(_ path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
  }
}
