import BlastoiseCore

/// The blocking edge of the book scan: finds the audio files under the audiobooks directory
/// (`LibraryWalker`'s rules: no hidden names, no links out), reads each one's tags, chapters and
/// cover (as the music scan finds one), and lays them out as books. Unreadable files are left
/// out, and counted. A file whose size and modification time are as the last scan saw them is
/// not read again (as the music scan does): an hourly rescan of unchanged books costs a stat each.
public enum BookScanner {
  /// What the last scan read, by path under the directory.
  public struct Memory: Sendable {
    fileprivate var read: [String: (file: LibraryFile, source: BookSourceFile)] = [:]

    public init() {}

    public var count: Int { read.count }
  }

  public static func scan(
    root: String, now: Int64, covers: CoverFinder, remembering memory: Memory = Memory()
  ) -> (books: [StoredBook], skipped: [String], memory: Memory) {
    guard let realRoot = realPath(root) else { return ([], [], Memory()) }
    var next = Memory()
    var skipped: [String] = []
    for file in LibraryWalker.walk(realRoot) {
      let relative = String(file.path.dropFirst(realRoot.count + 1))
      if let known = memory.read[relative], known.file == file {
        next.read[relative] = known
      } else if let source = read(file, relative: relative, covers: covers) {
        next.read[relative] = (file, source)
      } else {
        skipped.append(relative)
      }
    }
    return (BookLayout.books(from: next.read.values.map(\.source), now: now), skipped.sorted(), next)
  }

  private static func read(_ file: LibraryFile, relative: String, covers: CoverFinder) -> BookSourceFile? {
    guard case .success(let (tags, picture)) = TagReader.read(path: file.path, pictureLimit: CoverCheck.maxBytes),
      tags.duration > 0
    else { return nil }
    return BookSourceFile(
      path: relative, duration: tags.duration, title: tags.title, album: tags.album, artist: tags.artist,
      albumArtist: tags.catalog.albumArtist, composer: tags.catalog.composer, trackNumber: tags.catalog.trackNumber,
      discNumber: tags.catalog.discNumber, chapters: ChapterReader.chapters(path: file.path),
      coverID: covers.coverID(forTrackAt: file.path, embedded: picture))
  }
}
