/// A track's lyrics as the `songLyrics` extension's `structuredLyrics`: LRC text
/// (`[mm:ss.xx]line`) becomes synced lines with their start in milliseconds, anything else one
/// unsynced line a line. Language `xxx`: tags do not say.
public enum SubsonicLyrics {
  public static func element(_ text: String, title: String, artist: String?) -> SubsonicElement {
    let rows = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    let timed = rows.map(timedLine)
    let synced = timed.contains { $0 != nil }
    var lines: [SubsonicElement] = []
    for (row, time) in zip(rows, timed) {
      if synced {
        guard let (start, words) = time else { continue }
        lines.append(SubsonicElement("line", ["start": start], text: words))
      } else {
        lines.append(SubsonicElement("line", text: row))
      }
    }
    while !synced, lines.last?.text?.isEmpty == true { lines.removeLast() }
    return SubsonicElement(
      "structuredLyrics", ["displayArtist": artist, "displayTitle": title, "lang": "xxx", "synced": synced],
      children: [.list("line", lines)])
  }

  /// `[mm:ss]`, `[mm:ss.x]` … `[mm:ss.xxx]` and the words after it.
  static func timedLine(_ row: String) -> (Int64, String)? {
    let scalars = Array(row.unicodeScalars)
    guard scalars.first == "[", let close = scalars.firstIndex(of: "]") else { return nil }
    let stamp = String(String.UnicodeScalarView(scalars[1..<close]))
    let parts = stamp.split(separator: ":", maxSplits: 1)
    guard parts.count == 2, let minutes = Int64(parts[0]), minutes >= 0 else { return nil }
    let secondParts = parts[1].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard secondParts[0].count == 2, let seconds = Int64(secondParts[0]), seconds < 60 else { return nil }
    var milliseconds: Int64 = 0
    if secondParts.count == 2 {
      let fraction = secondParts[1]
      guard (1...3).contains(fraction.count), let value = Int64(fraction) else { return nil }
      milliseconds = value * [100, 10, 1][fraction.count - 1]
    }
    let words = scalars[(close + 1)...].drop { $0 == " " || $0 == "\t" }
    return ((minutes * 60 + seconds) * 1000 + milliseconds, String(String.UnicodeScalarView(words)))
  }
}
