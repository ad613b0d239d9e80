import BlastoiseCore

/// What the scanner keeps from a track's tags and audio properties.
public struct AudioTags: Sendable, Equatable {
  public var title: String?
  public var artist: String?
  public var album: String?
  /// Seconds, as long as a player will play it (encoder delay and padding removed where the file
  /// says how much there is). The room clock advances on this.
  public var duration: Double
  /// ReplayGain track gain in dB (REPLAYGAIN_TRACK_GAIN, or Opus R128_TRACK_GAIN converted).
  public var replayGainDb: Double?
  /// ReplayGain track peak, linear (1.0 = full scale).
  public var replayPeak: Double?
  /// The audio's bit rate in kbit/s, as the file's headers say (an average for variable rates);
  /// nil when they say none.
  public var bitRate: Int?
  /// Album artist, numbers, genres, MusicBrainz IDs, sort names, lyrics.
  public var catalog: CatalogTags

  public init(
    title: String?, artist: String?, album: String?, duration: Double, replayGainDb: Double?, replayPeak: Double?,
    bitRate: Int? = nil, catalog: CatalogTags = CatalogTags()
  ) {
    self.bitRate = bitRate
    self.title = title
    self.artist = artist
    self.album = album
    self.duration = duration
    self.replayGainDb = replayGainDb
    self.replayPeak = replayPeak
    self.catalog = catalog
  }
}
