import Foundation

/// The fixture feeds under Fixtures/, shared by the parser tests and the feedparser cross-check.
enum FixtureFile {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
  static let feeds = ["podcast.rss", "atom.xml", "messy.rss", "podcast20.rss"]

  static func data(_ name: String) throws -> Data { try Data(contentsOf: directory.appendingPathComponent(name)) }
}
