import BlastoiseProtocol
import Foundation
import Testing

/// The catalog's additions to `Track` are left out when absent, so an untagged track keeps the
/// seed's shape (plus `coverId`, null without a cover), and read back as written.
@Suite struct TrackCatalogFieldsTests {
  @Test func anUntaggedTrackHasOnlyTheSeedsFields() throws {
    let json = try WireSamples.serverJSON(WireSamples.track)
    let keys = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]).keys
    #expect(
      Set(keys) == [
        "id", "filename", "title", "artist", "album", "duration", "replayGainDb", "replayPeak", "available", "coverId",
      ])
  }

  @Test func catalogFieldsRoundTrip() throws {
    var track = WireSamples.track
    track.albumArtist = "Band"
    track.albumId = "al"
    track.artistId = "ar"
    track.trackNumber = 3
    track.trackTotal = 12
    track.discNumber = 1
    track.discTotal = 2
    track.year = 1999
    track.genres = ["Post-Rock", "Ambient"]
    track.composer = "Jónsi"
    track.compilation = true
    track.musicBrainz = MusicBrainzIDs(track: "t", album: "a", artist: "r", albumArtist: "aa")
    track.hasLyrics = true
    let json = try WireSamples.serverJSON(track)
    #expect(json.contains(#""musicBrainz":{"albumArtistId":"aa","albumId":"a","artistId":"r","trackId":"t"}"#))
    #expect(json.contains(#""compilation":true"#) && json.contains(#""hasLyrics":true"#))
    #expect(try WireSamples.decode(Track.self, json) == track)
  }
}
