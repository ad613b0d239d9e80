/// `POST /api/fetch`'s answer, by its `type` (the seed's `FetchResponse`).
public enum ImportAnswer: Sendable, Equatable, Codable {
  case single(ImportSingleResponse)
  case playlist(ImportPlaylistResponse)

  enum CodingKeys: String, CodingKey { case type }

  /// Anything but `"playlist"` is a single download, as the seed's client reads it.
  public init(from decoder: any Decoder) throws {
    let type = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .type)
    self =
      type == "playlist"
      ? .playlist(try ImportPlaylistResponse(from: decoder)) : .single(try ImportSingleResponse(from: decoder))
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .single(let answer): try answer.encode(to: encoder)
    case .playlist(let answer): try answer.encode(to: encoder)
    }
  }
}
