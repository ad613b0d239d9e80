import BlastoiseCore
import BlastoiseProtocol
import Foundation

/// The catalog's tags from a file's tag properties: TagLib's PropertyMap keys ("ALBUMARTIST",
/// "TRACKNUMBER", "MUSICBRAINZ_ALBUMID", …) or a tag's own names. Keys compare without case and
/// without anything but letters and digits, so "MusicBrainz Album Id" (Vorbis comments written
/// by some taggers) is "MUSICBRAINZ_ALBUMID"; values are trimmed and blank ones ignored.
struct TagProperties {
  private var values: [String: [String]] = [:]
  private var lyricsValues: [String] = []

  init(_ pairs: [(key: String, value: String)]) {
    for (key, value) in pairs {
      let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !trimmed.isEmpty else { continue }
      let normalized = Self.normalizedKey(key)
      // "LYRICS:description" (ID3v2 USLT with a description), UNSYNCEDLYRICS (some Vorbis taggers).
      if normalized.hasPrefix("LYRICS") || normalized == "UNSYNCEDLYRICS" || normalized == "USLT" {
        lyricsValues.append(trimmed)
      } else {
        values[normalized, default: []].append(trimmed)
      }
    }
  }

  var catalogTags: CatalogTags {
    let track = Self.numberAndTotal(first("TRACKNUMBER"))
    let disc = Self.numberAndTotal(first("DISCNUMBER"))
    return CatalogTags(
      albumArtist: first("ALBUMARTIST"), trackNumber: track.number,
      trackTotal: track.total ?? Self.number(first("TRACKTOTAL") ?? first("TOTALTRACKS")), discNumber: disc.number,
      discTotal: disc.total ?? Self.number(first("DISCTOTAL") ?? first("TOTALDISCS")),
      date: first("DATE") ?? first("YEAR") ?? first("ORIGINALDATE") ?? first("ORIGINALYEAR"),
      genres: Self.genres(values["GENRE"] ?? []), composer: values["COMPOSER"].map { $0.joined(separator: ", ") },
      compilation: ["COMPILATION", "TCMP", "ITUNESCOMPILATION"].contains { Self.isTrue(first($0)) },
      musicBrainz: MusicBrainzIDs(
        track: uuid("MUSICBRAINZTRACKID"), album: uuid("MUSICBRAINZALBUMID"), artist: uuid("MUSICBRAINZARTISTID"),
        albumArtist: uuid("MUSICBRAINZALBUMARTISTID")),
      sortNames: SortNames(
        title: first("TITLESORT"), artist: first("ARTISTSORT"), album: first("ALBUMSORT"),
        albumArtist: first("ALBUMARTISTSORT")),
      lyrics: lyricsValues.first)
  }

  private func first(_ key: String) -> String? { values[key]?.first }

  /// The first UUID among the values ("id1/id2" and "id1; id2" list several).
  private func uuid(_ key: String) -> String? {
    let candidates = (values[key] ?? []).flatMap { $0.split(whereSeparator: { "/;, ".contains($0) }) }
    return candidates.lazy.map { $0.lowercased() }.first(where: Self.isUUID)
  }

  static func normalizedKey(_ key: String) -> String {
    String(key.uppercased().unicodeScalars.filter { ("A"..."Z").contains($0) || ("0"..."9").contains($0) })
  }

  /// "3/12" → (3, 12), "03" → (3, nil); zero and text that is no number are absent.
  static func numberAndTotal(_ text: String?) -> (number: Int?, total: Int?) {
    guard let text else { return (nil, nil) }
    let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    return (number(parts.first.map(String.init)), parts.count > 1 ? number(String(parts[1])) : nil)
  }

  static func number(_ text: String?) -> Int? {
    guard let text, let value = Int(text.trimmingCharacters(in: .whitespaces)), value > 0 else { return nil }
    return value
  }

  static func isTrue(_ text: String?) -> Bool {
    guard let text = text?.lowercased() else { return false }
    return text == "true" || text == "yes" || (Int(text) ?? 0) > 0
  }

  /// Each genre once: values split at ";" (one ID3v2.3 frame often lists several), trimmed.
  static func genres(_ values: [String]) -> [String] {
    var seen = Set<String>()
    return values.flatMap { $0.split(separator: ";") }
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && seen.insert(CatalogKey.normalized($0)).inserted }
  }

  static func isUUID(_ text: String) -> Bool {
    let groups = text.split(separator: "-", omittingEmptySubsequences: false)
    return groups.map(\.count) == [8, 4, 4, 4, 12]
      && groups.allSatisfy { $0.allSatisfy { $0.isHexDigit } }
  }
}
