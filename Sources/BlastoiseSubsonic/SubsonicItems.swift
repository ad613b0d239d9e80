import BlastoiseCore
import BlastoiseProtocol

/// Blastoise's tracks, albums and artists as the Subsonic API's `Child`, `AlbumID3` and
/// `ArtistID3`, with the asker's annotation (starred, rating, plays) and the OpenSubsonic
/// additions clients read (`genres`, `replayGain`, `musicBrainzId`, `played`, `mediaType`).
public enum SubsonicItems {
  public static func song(_ track: Track, _ annotation: Annotation?, name: String = "song") -> SubsonicElement {
    var children: [SubsonicChildren] = [genres(track.genres)]
    let gains = [track.replayGainDb, track.replayPeak, track.albumGainDb, track.albumPeak]
    if gains.contains(where: { $0 != nil }) {
      children.append(
        .one(
          SubsonicElement(
            "replayGain",
            [
              "trackGain": track.replayGainDb, "trackPeak": track.replayPeak, "albumGain": track.albumGainDb,
              "albumPeak": track.albumPeak,
            ])))
    }
    return SubsonicElement(
      name,
      [
        "id": track.id, "parent": track.albumId, "isDir": false, "title": track.title, "album": track.album,
        "artist": track.artist, "track": track.trackNumber, "year": track.year, "genre": track.genres.first,
        "coverArt": track.coverID, "contentType": AudioFormats.contentType(forFilename: track.filename),
        "suffix": AudioFormats.acceptedExtension(of: track.filename), "duration": seconds(track.duration),
        "path": track.filename, "isVideo": false, "userRating": annotation?.rating,
        "playCount": annotation.map { Int64($0.playCount) }, "discNumber": track.discNumber,
        "starred": annotation?.favouriteAt.map(date), "albumId": track.albumId, "artistId": track.artistId,
        "type": "music", "mediaType": "song", "musicBrainzId": track.musicBrainz.track,
        "played": annotation?.playedAt.map(date), "displayComposer": track.composer, "size": track.size,
        "bitRate": track.bitRate,
      ], children: children)
  }

  public static func album(_ album: Album, _ annotation: Annotation?, songs: [SubsonicElement]? = nil)
    -> SubsonicElement
  {
    var children: [SubsonicChildren] = []
    if let songs { children.append(.list("song", songs)) }
    children.append(genres(album.genres))
    return SubsonicElement(
      "album",
      [
        "id": album.id, "name": album.name, "artist": album.artist, "artistId": album.artistId,
        "coverArt": album.coverId, "songCount": album.trackCount, "duration": seconds(album.duration),
        "playCount": annotation.map { Int64($0.playCount) }, "created": date(album.addedAt),
        "starred": annotation?.favouriteAt.map(date), "year": album.year, "genre": album.genres.first,
        "userRating": annotation?.rating, "played": annotation?.playedAt.map(date),
        "musicBrainzId": album.musicBrainzId, "isCompilation": album.compilation,
      ], children: children)
  }

  /// An album as a folder (`Child` with `isDir`), for folder browsing (`getMusicDirectory`).
  public static func albumFolder(_ album: Album, _ annotation: Annotation?) -> SubsonicElement {
    SubsonicElement(
      "child",
      [
        "id": album.id, "parent": album.artistId, "isDir": true, "title": album.name, "album": album.name,
        "artist": album.artist, "year": album.year, "genre": album.genres.first, "coverArt": album.coverId,
        "duration": seconds(album.duration), "playCount": annotation.map { Int64($0.playCount) },
        "created": date(album.addedAt), "starred": annotation?.favouriteAt.map(date), "userRating": annotation?.rating,
        "albumId": album.id, "artistId": album.artistId, "mediaType": "album",
      ])
  }

  /// An artist as a folder (`Artist`, not `ArtistID3`), for folder browsing and the lists
  /// older apps ask for (`getIndexes`, `search2`, `getStarred`).
  public static func folderArtist(_ artist: Artist, _ annotation: Annotation?) -> SubsonicElement {
    SubsonicElement(
      "artist",
      [
        "id": artist.id, "name": artist.name, "starred": annotation?.favouriteAt.map(date),
        "userRating": annotation?.rating,
      ])
  }

  /// Artists under their index letters (`SubsonicIndex`), in the order given within each: the
  /// `index` elements of `getArtists` and `getIndexes`.
  public static func indexes(_ artists: [(letter: String, element: SubsonicElement)]) -> [SubsonicElement] {
    var order: [String] = []
    var groups: [String: [SubsonicElement]] = [:]
    for (letter, element) in artists {
      if groups[letter] == nil { order.append(letter) }
      groups[letter, default: []].append(element)
    }
    return order.sorted(by: SubsonicIndex.precedes).map { letter in
      SubsonicElement("index", ["name": letter], children: [.list("artist", groups[letter] ?? [])])
    }
  }

  public static func artist(_ artist: Artist, _ annotation: Annotation?, albums: [SubsonicElement]? = nil)
    -> SubsonicElement
  {
    SubsonicElement(
      "artist",
      [
        "id": artist.id, "name": artist.name, "albumCount": artist.albumCount,
        "starred": annotation?.favouriteAt.map(date), "musicBrainzId": artist.musicBrainzId,
      ], children: albums.map { [.list("album", $0)] } ?? [])
  }

  public static func genre(_ genre: Genre) -> SubsonicElement {
    SubsonicElement("genre", ["songCount": genre.trackCount, "albumCount": genre.albumCount], text: genre.name)
  }

  /// `xs:dateTime` of a time in milliseconds since 1970.
  public static func date(_ milliseconds: Int64) -> String { SubsonicDate.string(milliseconds: milliseconds) }

  private static func genres(_ names: [String]) -> SubsonicChildren {
    .list("genres", names.map { SubsonicElement("genres", ["name": $0]) })
  }

  /// Whole seconds, as `duration` is an `xs:int`.
  private static func seconds(_ duration: Double) -> Int {
    duration.isFinite ? Int(max(0, min(duration, Double(Int32.max))).rounded()) : 0
  }
}
