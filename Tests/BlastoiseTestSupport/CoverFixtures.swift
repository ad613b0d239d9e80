import Foundation

/// Pictures, and audio files carrying them, made by Debian's tools (ffmpeg, python3) for the
/// cover tests.
public enum CoverFixtures {
  /// A `width` × `height` test pattern; `ext` (`png`, `jpg`, `webp`) picks the format.
  public static func image(_ ext: String, width: Int, height: Int, at path: String) async throws -> [UInt8] {
    try await TestTool.run(
      "ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=\(width)x\(height)", "-frames:v", "1", path])
    return try bytes(path)
  }

  /// A real 20,000 × 20,000 greyscale PNG (python3's zlib) of about 400 KB: 400 megapixels, 1.2 GB
  /// once decoded as RGB.
  public static func hugePNG(at path: String) async throws -> [UInt8] {
    let script = """
      import struct, sys, zlib
      w = h = 20000
      def chunk(kind, data):
          return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
      z = zlib.compressobj(1)
      row = bytes(w + 1)
      idat = b"".join(z.compress(row) for _ in range(h)) + z.flush()
      header = struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)
      png = b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", header) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")
      open(sys.argv[1], "wb").write(png)
      """
    try await TestTool.run("python3", ["-c", script, path])
    return try bytes(path)
  }

  /// One second of tone; the extension (`mp3`, `flac`, `m4a`, `ogg`, `opus`, `wav`) picks
  /// the format, `comments` are written as tags, `options` go to ffmpeg's muxer.
  public static func tone(at path: String, comments: [(String, String)] = [], options: [String] = []) async throws {
    var arguments = ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=1"]
    for (key, value) in comments { arguments += ["-metadata", "\(key)=\(value)"] }
    try await TestTool.run("ffmpeg", arguments + options + [path])
  }

  /// `audio` with the picture attached as its front cover (ID3 APIC for MP3, a PICTURE block for
  /// FLAC, `covr` for MP4), written to `output`.
  public static func attach(_ picture: String, to audio: String, output: String) async throws {
    let tagging =
      audio.hasSuffix(".mp3")
      ? ["-id3v2_version", "3", "-metadata:s:v", "comment=Cover (front)"] : ["-disposition:v", "attached_pic"]
    try await TestTool.run(
      "ffmpeg",
      ["-v", "error", "-y", "-i", audio, "-i", picture, "-map", "0", "-map", "1", "-c", "copy"] + tagging + [output])
  }

  /// A FLAC picture block, base64'd as Ogg keeps it in METADATA_BLOCK_PICTURE. `type` 3 is the
  /// front cover, 4 the back.
  public static func oggPictureComment(_ picture: [UInt8], type: UInt32 = 3, mime: String = "image/png") -> String {
    let unknown = [UInt32](repeating: 0, count: 4).flatMap(bigEndian)  // width, height, depth, colours
    let block =
      bigEndian(type) + bigEndian(UInt32(mime.utf8.count)) + Array(mime.utf8) + bigEndian(0) + unknown
      + bigEndian(UInt32(picture.count)) + picture
    return Data(block).base64EncodedString()
  }

  /// An ID3v2.3 tag holding `picture` as its front cover (an APIC frame), whatever the bytes are.
  public static func id3Tag(picture: [UInt8], mime: String = "image/png") -> [UInt8] {
    let body = [0] + Array(mime.utf8) + [0, 3, 0] + picture  // Latin-1, mime, front cover, no description
    let frame = Array("APIC".utf8) + bigEndian(UInt32(body.count)) + [0, 0] + body
    let size = UInt32(frame.count)
    return Array("ID3".utf8) + [3, 0, 0] + [21, 14, 7, 0].map { UInt8((size >> UInt32($0)) & 0x7F) } + frame
  }

  /// A WAV with an `id3 ` chunk holding `tag`.
  public static func wav(_ wav: [UInt8], withID3 tag: [UInt8]) -> [UInt8] {
    var chunk = Array("id3 ".utf8) + withUnsafeBytes(of: UInt32(tag.count).littleEndian, Array.init) + tag
    if tag.count % 2 == 1 { chunk.append(0) }
    var file = wav + chunk
    file.replaceSubrange(4..<8, with: withUnsafeBytes(of: UInt32(file.count - 8).littleEndian, Array.init))
    return file
  }

  public static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
}
