import CTagLib

/// Reads tags and an exact duration through the CTagLib shim (TagLib plus our own MPEG, MP4,
/// FLAC and ADTS readers where TagLib's length is off). Safe to call from any thread.
public enum TagReader {
  public static func read(path: String) -> Result<AudioTags, TagReadError> {
    var raw = bl_tags()
    let status = bl_tags_read(path, &raw)
    defer { bl_tags_free(&raw) }
    guard status == BL_TAGS_OK else { return .failure(TagReadError(status: status)) }
    return .success(
      AudioTags(
        title: string(raw.title), artist: string(raw.artist), album: string(raw.album),
        duration: raw.duration_seconds,
        replayGainDb: raw.has_replay_gain != 0 ? raw.replay_gain_track_db : nil,
        replayPeak: raw.has_replay_peak != 0 ? raw.replay_gain_track_peak : nil))
  }

  private static func string(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }
  }
}

extension TagReadError {
  init(status: Int32) {
    switch status {
    case BL_TAGS_CANNOT_OPEN: self = .cannotOpen
    case BL_TAGS_NO_DURATION: self = .noDuration
    case BL_TAGS_TRUNCATED: self = .truncated
    default: self = .notAudio
    }
  }
}
