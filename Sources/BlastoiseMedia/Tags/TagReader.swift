import CTagLib

/// Reads tags and an exact duration through the CTagLib shim (TagLib plus our own MPEG, MP4,
/// FLAC and ADTS readers where TagLib's length is off), and the embedded cover from the same open
/// of the file. Safe to call from any thread.
public enum TagReader {
  public static func read(path: String) -> Result<AudioTags, TagReadError> {
    read(path: path, pictureLimit: nil).map { $0.tags }
  }

  /// The tags, and with a `pictureLimit` the embedded picture (not copied when it is larger).
  static func read(path: String, pictureLimit: Int?) -> Result<
    (tags: AudioTags, picture: EmbeddedPicture), TagReadError
  > {
    var raw = bl_tags()
    var properties = bl_tag_properties()
    var picture = bl_picture()
    let status = withUnsafeMutablePointer(to: &picture) { picture in
      bl_tags_read_with_picture(path, &raw, &properties, pictureLimit ?? 0, pictureLimit == nil ? nil : picture)
    }
    defer {
      bl_tags_free(&raw)
      bl_tag_properties_free(&properties)
      bl_picture_free(&picture)
    }
    guard status == BL_TAGS_OK else { return .failure(TagReadError(status: status)) }
    var catalog = TagProperties(pairs(properties)).catalogTags
    catalog.albumGainDb = raw.has_album_gain != 0 ? raw.replay_gain_album_db : nil
    catalog.albumPeak = raw.has_album_peak != 0 ? raw.replay_gain_album_peak : nil
    let tags = AudioTags(
      title: string(raw.title), artist: string(raw.artist), album: string(raw.album),
      duration: raw.duration_seconds,
      replayGainDb: raw.has_replay_gain != 0 ? raw.replay_gain_track_db : nil,
      replayPeak: raw.has_replay_peak != 0 ? raw.replay_gain_track_peak : nil,
      bitRate: raw.bitrate_kbps > 0 ? Int(raw.bitrate_kbps) : nil, catalog: catalog
    )
    return .success((tags, EmbeddedPicture(picture)))
  }

  private static func string(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }
  }

  private static func pairs(_ properties: bl_tag_properties) -> [(key: String, value: String)] {
    guard let items = properties.items else { return [] }
    return UnsafeBufferPointer(start: items, count: Int(properties.count)).compactMap { item in
      guard let key = item.key, let value = item.value else { return nil }
      return (String(cString: key), String(cString: value))
    }
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
