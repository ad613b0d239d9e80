import BlastoiseProtocol
import Foundation

/// Albums and podcasts, as a car's lists browse them.
extension BlastoiseAPI {
  /// Albums in `sort` order (`name`, `newest`, …, as `GET /api/albums` takes), a page of them.
  public func albums(sort: String = "name", limit: Int = 100, offset: Int = 0) async throws(BlastoiseClientError)
    -> Page<Album>
  {
    let query = [("sort", sort), ("limit", String(limit)), ("offset", String(offset))]
    return try await send("GET", APIRoute.albums.path(query: query), as: Page<Album>.self)
  }

  /// A cover picture `size` pixels wide as JPEG (what a lock screen or a car shows).
  public func coverURL(_ id: String, size: Int) -> URL {
    url(APIRoute.cover.path(id, query: [("size", String(size)), ("format", "jpeg")]))
  }

  /// An album with its tracks in disc and track order.
  public func album(_ id: String) async throws(BlastoiseClientError) -> AlbumDetail {
    try await send("GET", APIRoute.album.path(id), as: AlbumDetail.self)
  }

  /// The caller's podcasts, by title.
  public func podcasts() async throws(BlastoiseClientError) -> [PodcastInfo] {
    try await send("GET", APIRoute.podcasts.path(), as: PodcastList.self).podcasts
  }

  /// A podcast's episodes, newest first, with the caller's progress in each.
  public func episodes(of podcastID: String, limit: Int = 50, offset: Int = 0) async throws(BlastoiseClientError)
    -> Page<PodcastEpisode>
  {
    let query = [("limit", String(limit)), ("offset", String(offset))]
    return try await send("GET", APIRoute.podcastEpisodes.path(podcastID, query: query), as: Page<PodcastEpisode>.self)
  }
}
