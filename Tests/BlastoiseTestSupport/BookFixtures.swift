import Foundation

/// Audiobook files made by ffmpeg: a tone with book tags and, when given, chapters (ffmpeg writes
/// ID3v2 CHAP frames into MP3, and both Nero `chpl` and a QuickTime chapter track into M4B).
public enum BookFixtures {
  /// `chapters`: (title, start seconds); each ends where the next starts, the last at the end.
  public static func book(
    at path: String, seconds: Double, chapters: [(String, Double)] = [], metadata: [(String, String)] = []
  ) async throws {
    var text = ";FFMETADATA1\n"
    for (key, value) in metadata { text += "\(key)=\(escaped(value))\n" }
    for (index, chapter) in chapters.enumerated() {
      let end = index + 1 < chapters.count ? chapters[index + 1].1 : seconds
      text += "[CHAPTER]\nTIMEBASE=1/1000\nSTART=\(Int(chapter.1 * 1000))\nEND=\(Int(end * 1000))\n"
      text += "title=\(escaped(chapter.0))\n"
    }
    let meta = path + ".meta.txt"
    try text.write(toFile: meta, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: meta) }
    let codec = path.hasSuffix(".mp3") ? ["-c:a", "libmp3lame", "-id3v2_version", "3"] : ["-c:a", "aac"]
    try await TestTool.run(
      "ffmpeg",
      [
        "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=8000:duration=\(seconds)", "-i", meta,
        "-map_metadata", "1", "-map_chapters", "1",
      ] + codec + [path])
  }

  /// ffmpeg's metadata file escapes `=`, `;`, `#`, `\` and newlines with a backslash.
  static func escaped(_ value: String) -> String {
    var out = ""
    for character in value {
      if "=;#\\\n".contains(character) { out.append("\\") }
      out.append(character)
    }
    return out
  }
}
