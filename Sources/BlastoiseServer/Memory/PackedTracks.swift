import BlastoiseProtocol

/// `Track`s packed for keeping, and made again when asked for. A 100,000-track library as
/// `[Track]` is some 80 MB in half a million small allocations (every string over 15 bytes is one),
/// and the malloc arenas they sit in stay fragmented long after a refresh freed the old ones.
/// Packed, every distinct string is kept once in one UTF-8 buffer (an album's name, artist, IDs,
/// cover and genres are shared by its tracks), each track is a few bytes of references and numbers
/// in another, and durations (which rooms read for whole queues) are a column of their own: a
/// handful of large allocations, ~20 MB for that library. Strings are compared as bytes, so each
/// comes back exactly as it went in (not merely canonically equal).
struct PackedTracks: Sendable {
  let count: Int
  /// By position, each track's duration and the string of its ID.
  private let durations: [Double]
  private let ids: [UInt32]
  /// Track `i`'s other fields: `records[recordStarts[i]...]`, `Fields` first (`Writer.append`).
  private let records: [UInt8]
  private let recordStarts: [UInt32]
  private let strings: Strings
  /// Positions by ID (`Strings.probe`).
  private let slots: [UInt32]
  /// The positions of the tracks whose files are present, in order: pages of the library read
  /// from here without walking it all.
  let availablePositions: [UInt32]

  /// `tracks` in their order; a repeated ID is found at its first position.
  init(_ tracks: [Track]) {
    var writer = Writer()
    var durations: [Double] = []
    var ids: [UInt32] = []
    var available: [UInt32] = []
    durations.reserveCapacity(tracks.count)
    ids.reserveCapacity(tracks.count)
    for (position, track) in tracks.enumerated() {
      durations.append(track.duration)
      ids.append(writer.strings.intern(track.id))
      writer.append(track)
      if track.available { available.append(UInt32(position)) }
    }
    availablePositions = available
    count = tracks.count
    self.durations = durations
    self.ids = ids
    records = writer.records
    recordStarts = writer.recordStarts
    let strings = writer.strings.finished
    self.strings = strings
    var slots = [UInt32](repeating: 0, count: Strings.slotCount(for: tracks.count))
    for position in tracks.indices {
      let slot = strings.withBytes(Int(ids[position])) { strings.probe($0, in: slots) { Int(ids[$0]) } }
      // Taken: an earlier position has this ID.
      if slots[slot] == 0 { slots[slot] = UInt32(position + 1) }
    }
    self.slots = slots
  }

  init() { self.init([]) }

  /// Where the track with this ID is.
  func position(of id: String) -> Int? {
    var id = id
    return id.withUTF8 { wanted in
      let slot = strings.probe(wanted, in: slots) { Int(ids[$0]) }
      return slots[slot] == 0 ? nil : Int(slots[slot]) - 1
    }
  }

  func duration(at position: Int) -> Double { durations[position] }

  func id(at position: Int) -> String { strings.string(Int(ids[position])) }

  func isAvailable(at position: Int) -> Bool {
    reading(position) { $0.fields().contains(.available) }
  }

  func track(at position: Int) -> Track {
    reading(position) { $0.track(id: id(at: position), duration: durations[position]) }
  }

  private func reading<T>(_ position: Int, _ body: (inout Reader) -> T) -> T {
    records.withUnsafeBufferPointer { records in
      var reader = Reader(records: records, strings: strings, offset: Int(recordStarts[position]))
      return body(&reader)
    }
  }
}

extension PackedTracks {
  /// Distinct strings back to back in one UTF-8 buffer: string `i` is
  /// `text[starts[i] ..< starts[i + 1]]`.
  struct Strings: Sendable {
    private(set) var text: [UInt8] = []
    private(set) var starts: [UInt32] = [0]
    /// While strings are added: each string by its bytes (`probe`), for `intern`.
    private var interned = [UInt32](repeating: 0, count: Strings.slotCount(for: 0))

    /// Without the table `intern` needs.
    var finished: Strings {
      var strings = self
      strings.interned = []
      return strings
    }

    func withBytes<T>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
      text.withUnsafeBufferPointer {
        body(UnsafeBufferPointer(rebasing: $0[Int(starts[index])..<Int(starts[index + 1])]))
      }
    }

    func string(_ index: Int) -> String { withBytes(index) { String(decoding: $0, as: UTF8.self) } }

    mutating func intern(_ string: String) -> UInt32 {
      var string = string
      return string.withUTF8 { intern($0) }
    }

    private mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
      if (starts.count - 1) * 2 >= interned.count { rehash(to: interned.count * 2) }
      let slot = probe(bytes, in: interned) { $0 }
      if interned[slot] != 0 { return interned[slot] - 1 }
      text.append(contentsOf: bytes)
      precondition(text.count <= UInt32.max, "over 4 GiB of track text")
      starts.append(UInt32(text.count))
      interned[slot] = UInt32(starts.count - 1)
      return UInt32(starts.count - 2)
    }

    private mutating func rehash(to count: Int) {
      var table = [UInt32](repeating: 0, count: count)
      for index in 0..<starts.count - 1 {
        // Apart from the store into `table`, so no copy of it is alive then.
        let slot = withBytes(index) { probe($0, in: table) { $0 } }
        table[slot] = UInt32(index + 1)
      }
      interned = table
    }

    /// Open addressing with linear probing by the bytes' hash: each taken slot holds a value + 1
    /// (`string` says which string a value stands for), a free one 0. The slot holding `bytes`,
    /// else the free slot where they would go.
    func probe(_ bytes: UnsafeBufferPointer<UInt8>, in slots: [UInt32], string: (Int) -> Int) -> Int {
      var hasher = Hasher()
      hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
      let mask = slots.count - 1
      var slot = hasher.finalize() & mask
      return text.withUnsafeBufferPointer { text in
        while slots[slot] != 0 {
          let index = string(Int(slots[slot]) - 1)
          let start = Int(starts[index])
          let end = Int(starts[index + 1])
          if end - start == bytes.count, text[start..<end].elementsEqual(bytes) { return slot }
          slot = (slot + 1) & mask
        }
        return slot
      }
    }

    /// At most half the slots taken, so probes stay short.
    static func slotCount(for count: Int) -> Int {
      var slots = 16
      while slots < count * 2 { slots *= 2 }
      return slots
    }
  }

  /// Which fields a record holds (the optional ones present, the genres not empty) and its flags.
  struct Fields: OptionSet {
    let rawValue: UInt32

    static let available = Fields(rawValue: 1 << 0)
    static let compilation = Fields(rawValue: 1 << 1)
    static let hasLyrics = Fields(rawValue: 1 << 2)
    static let favourite = Fields(rawValue: 1 << 3)
    static let favouriteValue = Fields(rawValue: 1 << 4)
    static let artist = Fields(rawValue: 1 << 5)
    static let album = Fields(rawValue: 1 << 6)
    static let replayGainDb = Fields(rawValue: 1 << 7)
    static let replayPeak = Fields(rawValue: 1 << 8)
    static let coverID = Fields(rawValue: 1 << 9)
    static let albumArtist = Fields(rawValue: 1 << 10)
    static let albumId = Fields(rawValue: 1 << 11)
    static let artistId = Fields(rawValue: 1 << 12)
    static let trackNumber = Fields(rawValue: 1 << 13)
    static let trackTotal = Fields(rawValue: 1 << 14)
    static let discNumber = Fields(rawValue: 1 << 15)
    static let discTotal = Fields(rawValue: 1 << 16)
    static let year = Fields(rawValue: 1 << 17)
    static let genres = Fields(rawValue: 1 << 18)
    static let composer = Fields(rawValue: 1 << 19)
    static let musicBrainzTrack = Fields(rawValue: 1 << 20)
    static let musicBrainzAlbum = Fields(rawValue: 1 << 21)
    static let musicBrainzArtist = Fields(rawValue: 1 << 22)
    static let musicBrainzAlbumArtist = Fields(rawValue: 1 << 23)
    static let rating = Fields(rawValue: 1 << 24)
    static let playCount = Fields(rawValue: 1 << 25)
    static let playedAt = Fields(rawValue: 1 << 26)
    static let size = Fields(rawValue: 1 << 27)
    static let bitRate = Fields(rawValue: 1 << 28)
    static let albumGainDb = Fields(rawValue: 1 << 29)
    static let albumPeak = Fields(rawValue: 1 << 30)
  }

  /// Builds the records, interning their strings as they come. A record is its `Fields`, then
  /// the file name and title, then each present field in `Fields` order: strings as their
  /// index, numbers zigzagged, doubles as their bits — each a LEB128 number.
  struct Writer {
    var strings = Strings()
    var records: [UInt8] = []
    var recordStarts: [UInt32] = [0]
    private var fields: Fields = []
    private var body: [UInt8] = []

    mutating func append(_ track: Track) {
      fields = []
      body.removeAll(keepingCapacity: true)
      if track.available { fields.insert(.available) }
      if track.compilation { fields.insert(.compilation) }
      if track.hasLyrics { fields.insert(.hasLyrics) }
      if let favourite = track.favourite { fields.insert(favourite ? [.favourite, .favouriteValue] : .favourite) }
      Self.unsigned(UInt64(strings.intern(track.filename)), to: &body)
      Self.unsigned(UInt64(strings.intern(track.title)), to: &body)
      string(track.artist, .artist)
      string(track.album, .album)
      double(track.replayGainDb, .replayGainDb)
      double(track.replayPeak, .replayPeak)
      string(track.coverID, .coverID)
      string(track.albumArtist, .albumArtist)
      string(track.albumId, .albumId)
      string(track.artistId, .artistId)
      integer(track.trackNumber.map(Int64.init), .trackNumber)
      integer(track.trackTotal.map(Int64.init), .trackTotal)
      integer(track.discNumber.map(Int64.init), .discNumber)
      integer(track.discTotal.map(Int64.init), .discTotal)
      integer(track.year.map(Int64.init), .year)
      if !track.genres.isEmpty {
        fields.insert(.genres)
        Self.unsigned(UInt64(track.genres.count), to: &body)
        for genre in track.genres { Self.unsigned(UInt64(strings.intern(genre)), to: &body) }
      }
      string(track.composer, .composer)
      string(track.musicBrainz.track, .musicBrainzTrack)
      string(track.musicBrainz.album, .musicBrainzAlbum)
      string(track.musicBrainz.artist, .musicBrainzArtist)
      string(track.musicBrainz.albumArtist, .musicBrainzAlbumArtist)
      integer(track.rating.map(Int64.init), .rating)
      integer(track.playCount.map(Int64.init), .playCount)
      integer(track.playedAt, .playedAt)
      integer(track.size, .size)
      integer(track.bitRate.map(Int64.init), .bitRate)
      double(track.albumGainDb, .albumGainDb)
      double(track.albumPeak, .albumPeak)
      Self.unsigned(UInt64(fields.rawValue), to: &records)
      records.append(contentsOf: body)
      precondition(records.count <= UInt32.max, "over 4 GiB of track records")
      recordStarts.append(UInt32(records.count))
    }

    private mutating func string(_ value: String?, _ field: Fields) {
      guard let value else { return }
      fields.insert(field)
      Self.unsigned(UInt64(strings.intern(value)), to: &body)
    }

    private mutating func integer(_ value: Int64?, _ field: Fields) {
      guard let value else { return }
      fields.insert(field)
      Self.unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)), to: &body)
    }

    private mutating func double(_ value: Double?, _ field: Fields) {
      guard let value else { return }
      fields.insert(field)
      Self.unsigned(value.bitPattern, to: &body)
    }

    private static func unsigned(_ value: UInt64, to bytes: inout [UInt8]) {
      var value = value
      while value >= 0x80 {
        bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
        value >>= 7
      }
      bytes.append(UInt8(value))
    }
  }

  /// Reads a record as `Writer.append` wrote it.
  struct Reader {
    let records: UnsafeBufferPointer<UInt8>
    let strings: Strings
    var offset: Int
    private var present: Fields = []

    init(records: UnsafeBufferPointer<UInt8>, strings: Strings, offset: Int) {
      self.records = records
      self.strings = strings
      self.offset = offset
    }

    mutating func fields() -> Fields { Fields(rawValue: UInt32(truncatingIfNeeded: unsigned())) }

    mutating func track(id: String, duration: Double) -> Track {
      present = fields()
      let filename = strings.string(Int(unsigned()))
      var track = Track(
        id: id, filename: filename, title: strings.string(Int(unsigned())), duration: duration,
        available: present.contains(.available))
      track.compilation = present.contains(.compilation)
      track.hasLyrics = present.contains(.hasLyrics)
      if present.contains(.favourite) { track.favourite = present.contains(.favouriteValue) }
      track.artist = string(.artist)
      track.album = string(.album)
      track.replayGainDb = double(.replayGainDb)
      track.replayPeak = double(.replayPeak)
      track.coverID = string(.coverID)
      track.albumArtist = string(.albumArtist)
      track.albumId = string(.albumId)
      track.artistId = string(.artistId)
      track.trackNumber = integer(.trackNumber).map(Int.init)
      track.trackTotal = integer(.trackTotal).map(Int.init)
      track.discNumber = integer(.discNumber).map(Int.init)
      track.discTotal = integer(.discTotal).map(Int.init)
      track.year = integer(.year).map(Int.init)
      if present.contains(.genres) {
        let count = Int(unsigned())
        track.genres.reserveCapacity(count)
        for _ in 0..<count { track.genres.append(strings.string(Int(unsigned()))) }
      }
      track.composer = string(.composer)
      track.musicBrainz.track = string(.musicBrainzTrack)
      track.musicBrainz.album = string(.musicBrainzAlbum)
      track.musicBrainz.artist = string(.musicBrainzArtist)
      track.musicBrainz.albumArtist = string(.musicBrainzAlbumArtist)
      track.rating = integer(.rating).map(Int.init)
      track.playCount = integer(.playCount).map(Int.init)
      track.playedAt = integer(.playedAt)
      track.size = integer(.size)
      track.bitRate = integer(.bitRate).map(Int.init)
      track.albumGainDb = double(.albumGainDb)
      track.albumPeak = double(.albumPeak)
      return track
    }

    private mutating func string(_ field: Fields) -> String? {
      present.contains(field) ? strings.string(Int(unsigned())) : nil
    }

    private mutating func integer(_ field: Fields) -> Int64? {
      guard present.contains(field) else { return nil }
      let value = unsigned()
      return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }

    private mutating func double(_ field: Fields) -> Double? {
      present.contains(field) ? Double(bitPattern: unsigned()) : nil
    }

    private mutating func unsigned() -> UInt64 {
      var value: UInt64 = 0
      var shift: UInt64 = 0
      while true {
        let byte = records[offset]
        offset += 1
        value |= UInt64(byte & 0x7F) << shift
        if byte < 0x80 { return value }
        shift += 7
      }
    }
  }
}
