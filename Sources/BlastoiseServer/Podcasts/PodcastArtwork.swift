import BlastoiseCore
import BlastoiseMedia
import Foundation

/// A podcast's picture, kept as one of the server's covers: fetched through the outbound client
/// (the SSRF policy, size and time limits of every fetch) when a feed names a picture it has not
/// kept yet, checked as any cover is (a real JPEG, PNG or WebP of sane size), so the web app,
/// which loads pictures only from the server, shows it. A failure is logged and tried again at
/// the next refresh.
struct PodcastArtwork: Sendable {
  static let maxBytes = 10 << 20
  /// Hashing, checking and writing a picture block: not on the Swift pool.
  private static let files = DispatchQueue(label: "blastoise.podcast-artwork")
  let http: OutboundHTTP
  let covers: CoverStore
  let store: any PodcastStore

  func update(_ feed: PodcastFeed, imageURL: String?) async {
    guard let imageURL, !imageURL.isEmpty, imageURL != feed.coverURL || feed.coverID == nil else { return }
    do {
      let response = try await http.fetch(
        OutboundRequest(
          url: imageURL, maxBytes: Self.maxBytes, accept: "image/jpeg, image/png, image/webp, image/*;q=0.8"))
      guard (200..<300).contains(response.status) else {
        return ServerLog.write("podcasts: the picture of \(feed.id) answered \(response.status)")
      }
      let (covers, body) = (covers, response.body)
      let id = try await BlockingWork.run(on: Self.files) { try covers.keep(body) }
      try await store.setCover(id: id, url: imageURL, feedID: feed.id)
    } catch {
      ServerLog.write("podcasts: the picture of \(feed.id) was not kept: \(error)")
    }
  }
}
