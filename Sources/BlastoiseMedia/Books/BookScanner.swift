import BlastoiseCore

/// The blocking edge of the book scan: finds the audio files under the audiobooks directory
/// (`LibraryWalker`'s rules: no hidden names, no links out), reads each one's tags, chapters and
/// cover (as the music scan finds one), and lays them out as books. Unreadable files are left
/// out, and counted.
public enum BookScanner {
  public static func scan(root: String, now: Int64, covers: CoverFinder) -> (books: [StoredBook], skipped: [String]) {
    guard let realRoot = realPath(root) else { return ([], []) }
    var sources: [BookSourceFile] = []
    var skipped: [String] = []
    for file in LibraryWalker.walk(realRoot) {
      let relative = String(file.path.dropFirst(realRoot.count + 1))
      guard case .success(let (tags, picture)) = TagReader.read(path: file.path, pictureLimit: CoverCheck.maxBytes),
        tags.duration > 0
      else {
        skipped.append(relative)
        continue
      }
      sources.append(
        BookSourceFile(
          path: relative, duration: tags.duration, title: tags.title, album: tags.album, artist: tags.artist,
          albumArtist: tags.catalog.albumArtist, composer: tags.catalog.composer, trackNumber: tags.catalog.trackNumber,
          discNumber: tags.catalog.discNumber, chapters: ChapterReader.chapters(path: file.path),
          coverID: covers.coverID(forTrackAt: file.path, embedded: picture)))
    }
    return (BookLayout.books(from: sources, now: now), skipped.sorted())
  }
}
