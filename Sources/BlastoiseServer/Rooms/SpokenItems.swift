import BlastoiseCore
import BlastoiseMedia
import BlastoiseProtocol
import Foundation

/// An episode or a book's file as a room queues it: the track a room shows and times, and whose
/// progress it moves.
struct SpokenEntry: Sendable {
  let track: Track
  let ref: SpokenRef
}

/// Finds what a room entry that is not a library track is: a downloaded episode (by its
/// content-hashed track ID, the one `/api/tracks/:id` streams it by) or a part of a book, a
/// file or a chapter (`BookTrackID`).
protocol SpokenLookup: Sendable {
  func entry(_ id: String) async -> SpokenEntry?
}

struct SpokenItems: SpokenLookup {
  let downloads: any PodcastDownloadStore
  let books: any BookStore
  /// Which of a book's files its chapters can be cut from.
  let cuts: BookChapterCuts
  let dataDirectory: String
  /// Reading a file's length blocks: not on the Swift pool.
  private static let probing = DispatchQueue(label: "blastoise.spoken-items")

  func entry(_ id: String) async -> SpokenEntry? {
    do {
      if let part = BookTrackID(id) { return try await bookPart(part) }
      guard TrackID.isValid(id), let episode = try await downloads.downloadedEpisode(trackID: id) else { return nil }
      return await self.episode(id, episode)
    } catch {
      ServerLog.write("rooms: could not look up \(id): \(error)")
      return nil
    }
  }

  /// The file's own length times the room (a feed's duration is often rounded or wrong).
  private func episode(_ id: String, _ episode: DownloadedEpisode) async -> SpokenEntry? {
    let path = "\(dataDirectory)/\(episode.path)"
    let measured = try? await BlockingWork.run(on: Self.probing) { try TagReader.read(path: path).get().duration }
    guard let duration = measured ?? episode.duration, duration > 0 else { return nil }
    let track = Track(
      id: id, filename: URL(string: episode.url)?.lastPathComponent ?? "", title: episode.title ?? "Episode",
      artist: episode.podcastTitle, album: episode.podcastTitle, duration: duration)
    let ref = SpokenRef(
      kind: .episodes, id: episode.url, length: duration, feed: episode.feedURL, guid: episode.guid)
    return SpokenEntry(track: track, ref: ref)
  }

  private func bookPart(_ id: BookTrackID) async throws -> SpokenEntry? {
    guard let book = try await books.book(id: id.bookID),
      let part = book.roomTrack(id, cuttable: cuts.canCut)
    else { return nil }
    let track = Track(
      id: id.id, filename: (book.files[part.file].path as NSString).lastPathComponent, title: part.title,
      artist: book.author, album: book.title, duration: part.duration, coverID: book.coverID)
    return SpokenEntry(
      track: track, ref: SpokenRef(kind: .books, id: book.id, offset: part.start, length: book.duration))
  }
}
