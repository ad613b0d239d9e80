import BlastoiseClient
import BlastoiseProtocol
import Foundation

/// A book or an episode a car chose: its files on one timeline, played one after another by the
/// host, each load carrying where the host writes the place (`ProgressTarget`).
struct CarItem: Sendable, Equatable {
  struct Part: Sendable, Equatable {
    let url: URL
    let start: Double
  }

  let kind: LoadRequest.Kind
  let id: String
  let title: String
  let subtitle: String?
  let artwork: URL?
  let duration: Double?
  let feed: String?
  let guid: String?
  let parts: [Part]
  var index = 0

  /// The part holding `at` (seconds on the item's timeline) and the offset into it.
  func locate(_ at: Double) -> (index: Int, offset: Double) {
    let index = parts.lastIndex { at >= $0.start } ?? 0
    return (index, max(0, at - parts[index].start))
  }

  func request(for index: Int, api: BlastoiseAPI) -> LoadRequest {
    let part = parts[index]
    let progressKind: BlastoiseProtocol.ProgressKind = kind == .book ? .books : .episodes
    return LoadRequest(
      url: part.url, title: title, artist: subtitle,
      album: parts.count > 1 ? "Part \(index + 1) of \(parts.count)" : nil,
      artwork: artwork, duration: duration, kind: kind,
      progress: ProgressTarget(
        kind: progressKind, id: id, start: part.start, duration: duration, feed: feed, guid: guid))
  }
}

extension BridgeHost {
  /// What a car's row plays (`BrowseTree`).
  public func play(_ choice: BrowsePlay) async throws(BridgeError) {
    await inputs.lock()
    defer { inputs.unlock() }
    switch choice {
    case .room(let id): try await follow(id, invite: nil)
    case .tracks(let tracks, let index): await playTracks(tracks, startAt: index)
    case .book(let listed, let at):
      let book: Book
      do {
        book = listed.files == nil ? try await api.book(listed.id) : listed
      } catch {
        throw BridgeError("Could not open the book: \(error)")
      }
      let parts = (book.files ?? []).map {
        CarItem.Part(url: api.bookFileURL(book.id, index: $0.index), start: $0.start)
      }
      guard !parts.isEmpty else { throw BridgeError("The book has no files") }
      let cover = book.coverId.map { api.coverURL($0, size: 512) }
      try await playCarItem(
        CarItem(
          kind: .book, id: book.id, title: book.title, subtitle: book.author, artwork: cover, duration: book.duration,
          feed: nil, guid: nil, parts: parts), at: at)
    case .episode(let episode, let feed, let at):
      let address = episode.streamUrl.flatMap { URL(string: $0, relativeTo: api.baseURL)?.absoluteURL }
      guard let url = address ?? URL(string: episode.url) else { throw BridgeError("The episode has no address") }
      try await playCarItem(
        CarItem(
          kind: .episode, id: episode.url, title: episode.title ?? "Episode", subtitle: nil,
          artwork: episode.imageURL.flatMap(URL.init(string:)), duration: episode.duration, feed: feed,
          guid: episode.guid, parts: [CarItem.Part(url: url, start: 0)]), at: at)
    }
  }

  private func playCarItem(_ item: CarItem, at: Double) async throws(BridgeError) {
    await endSession(releasing: true)
    let place = item.locate(at)
    var item = item
    item.index = place.index
    try await load(item.request(for: place.index, api: api))
    carItem = item
    if place.offset > 0 { try await control(.seek(to: place.offset)) }
    try await control(.play)
  }

  /// A part ended: the next one plays, or the item is finished.
  func carItemEnded() async {
    guard var item = carItem else { return }
    guard item.index + 1 < item.parts.count else {
      await saveProgress(finished: true)
      carItem = nil
      return
    }
    item.index += 1
    do {
      try await load(item.request(for: item.index, api: api))
      carItem = item
      try await control(.play)
    } catch {
      send(.error(error.message))
    }
  }
}
