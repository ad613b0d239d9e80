import BlastoiseProtocol
import Testing

@testable import BlastoiseServer

/// `PackedTracks` gives back exactly the `Track`s it was made of, in their order and by ID.
@Suite struct PackedTracksTests {
  static let id = "sha256:" + String(repeating: "ab", count: 32)

  /// Every field set, the strings non-ASCII, the numbers at their extremes.
  static var full: Track {
    var track = Track(
      id: id, filename: "Ágætis byrjun – 01 ♫.flac", title: "Svefn-g-englar 🎧", artist: "Sigur Rós",
      album: "Ágætis byrjun", duration: 601.123_456_789, replayGainDb: -7.25, replayPeak: 0.988_553,
      available: true, coverID: "cover-" + String(repeating: "c", count: 64))
    track.albumArtist = "Sigur Rós & Friends"
    track.albumId = "album-ágæ"
    track.artistId = "artist-Σ"
    track.trackNumber = 1
    track.trackTotal = Int.max
    track.discNumber = -3
    track.discTotal = Int.min
    track.year = 1999
    track.genres = ["Post-Rock", "Ambient", "Ambient", "Пост-рок"]
    track.composer = "Jónsi"
    track.compilation = true
    track.musicBrainz = MusicBrainzIDs(
      track: "11111111-2222-3333-4444-555555555555", album: "9e6c4f3a-1b2c-4d5e-8f90-123456789abc",
      artist: "22222222-2222-3333-4444-555555555555", albumArtist: "33333333-2222-3333-4444-555555555555")
    track.hasLyrics = true
    track.favourite = false
    track.rating = 5
    track.playCount = 0
    track.playedAt = Int64.min
    track.size = Int64.max
    track.bitRate = 320
    track.albumGainDb = -9.75
    track.albumPeak = 1.0625
    return track
  }

  /// Nothing optional present, the required strings empty, the flags false.
  static let bare = Track(id: "", filename: "", title: "", duration: 0, available: false)

  /// Optional strings present but empty, which is not the same as absent.
  static var emptyStrings: Track {
    var track = Track(
      id: "sha256:empty", filename: "x.mp3", title: "x", artist: "", album: "", duration: -0.5, replayGainDb: 0,
      replayPeak: -0.0, coverID: "")
    track.albumArtist = ""
    track.albumId = ""
    track.artistId = ""
    track.composer = ""
    track.genres = [""]
    track.musicBrainz = MusicBrainzIDs(track: "", album: "", artist: "", albumArtist: "")
    track.favourite = true
    track.playedAt = Int64.max
    return track
  }

  @Test func everyFieldComesBackAsItWent() {
    let tracks = [Self.full, Self.bare, Self.emptyStrings]
    let packed = PackedTracks(tracks)
    #expect(packed.count == 3)
    for (position, track) in tracks.enumerated() {
      #expect(packed.track(at: position) == track)
      #expect(packed.duration(at: position) == track.duration)
      #expect(packed.id(at: position) == track.id)
      #expect(packed.isAvailable(at: position) == track.available)
    }
    #expect(packed.track(at: 2).replayPeak?.sign == .minus)
  }

  /// The present tracks' positions, in order: what pages of the library read.
  @Test func thePresentTracksAreListedInOrder() {
    let tracks = (0..<6).map { index in
      var track = Track(id: "sha256:\(index)", filename: "f\(index)", title: "t", duration: 1)
      track.available = index % 3 != 1
      return track
    }
    #expect(PackedTracks(tracks).availablePositions == [0, 2, 3, 5])
    #expect(PackedTracks().availablePositions.isEmpty)
  }

  @Test func eachFieldAloneComesBack() {
    let full = Self.full
    var singles: [Track] = []
    for field in 0..<28 {
      var track = Track(id: "sha256:\(field)", filename: "f\(field)", title: "t", duration: Double(field))
      switch field {
      case 0: track.artist = full.artist
      case 1: track.album = full.album
      case 2: track.replayGainDb = full.replayGainDb
      case 3: track.replayPeak = full.replayPeak
      case 4: track.coverID = full.coverID
      case 5: track.albumArtist = full.albumArtist
      case 6: track.albumId = full.albumId
      case 7: track.artistId = full.artistId
      case 8: track.trackNumber = 7
      case 9: track.trackTotal = 12
      case 10: track.discNumber = 2
      case 11: track.discTotal = 3
      case 12: track.year = -44
      case 13: track.genres = ["Jazz"]
      case 14: track.composer = full.composer
      case 15: track.compilation = true
      case 16: track.musicBrainz.track = full.musicBrainz.track
      case 17: track.musicBrainz.album = full.musicBrainz.album
      case 18: track.musicBrainz.artist = full.musicBrainz.artist
      case 19: track.musicBrainz.albumArtist = full.musicBrainz.albumArtist
      case 20: track.hasLyrics = true
      case 21: track.favourite = true
      case 22: track.rating = 3
      case 23: track.size = 4_000_000_000
      case 24: track.bitRate = 1_411
      case 25: track.albumGainDb = full.albumGainDb
      case 26: track.albumPeak = full.albumPeak
      default: track.playCount = 1_000_000_007
      }
      singles.append(track)
    }
    let packed = PackedTracks(singles)
    for (position, track) in singles.enumerated() { #expect(packed.track(at: position) == track, "field \(position)") }
  }

  /// Canonically equal strings are still different strings: each keeps its own bytes.
  @Test func stringsComeBackByteForByte() {
    let composed = Track(
      id: "sha256:1", filename: "Bj\u{F6}rk.flac", title: "J\u{F3}ga", artist: "Bj\u{F6}rk", duration: 1)
    let decomposed = Track(
      id: "sha256:2", filename: "Bjo\u{308}rk.flac", title: "Jo\u{301}ga", artist: "Bjo\u{308}rk", duration: 1)
    #expect(composed.artist == decomposed.artist)
    let packed = PackedTracks([composed, decomposed])
    for (position, track) in [composed, decomposed].enumerated() {
      let back = packed.track(at: position)
      #expect(back.artist.map { Array($0.utf8) } == track.artist.map { Array($0.utf8) })
      #expect(Array(back.title.utf8) == Array(track.title.utf8))
      #expect(Array(back.filename.utf8) == Array(track.filename.utf8))
    }
    // IDs too: a decomposed spelling does not find the composed one.
    let ids = PackedTracks([Track(id: "\u{E9}", filename: "", title: "", duration: 0)])
    #expect(ids.position(of: "\u{E9}") == 0)
    #expect(ids.position(of: "e\u{301}") == nil)
  }

  @Test func tracksAreFoundByIDAndKeepTheirOrder() {
    // IDs that share prefixes and differ in length, and strings the tracks share.
    let tracks = (0..<5_000).map { index in
      Track(
        id: "sha256:" + String(index, radix: 16), filename: "\(index % 10).mp3", title: "Title \(index)",
        artist: "Artist \(index % 7)", album: "Album \(index / 10)", duration: Double(index) / 4,
        available: index % 3 != 0)
    }
    let packed = PackedTracks(tracks)
    #expect((0..<packed.count).map { packed.track(at: $0) } == tracks)
    for (position, track) in tracks.enumerated() {
      #expect(packed.position(of: track.id) == position)
    }
    for missing in ["", "sha256:", "sha256:fffff", "sha256:0 ", "SHA256:1", "sha256:١"] {
      #expect(packed.position(of: missing) == nil, "\(missing)")
    }
    #expect(PackedTracks().position(of: "sha256:0") == nil)
  }

  @Test func aRepeatedIDIsFoundAtItsFirstPosition() {
    let first = Track(id: "sha256:same", filename: "a.mp3", title: "First", duration: 1)
    let second = Track(id: "sha256:same", filename: "b.mp3", title: "Second", duration: 2)
    let packed = PackedTracks([Self.bare, first, second])
    #expect(packed.position(of: "sha256:same") == 1)
    #expect(packed.track(at: 2) == second)
  }
}
