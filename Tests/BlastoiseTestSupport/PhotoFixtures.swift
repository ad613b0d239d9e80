import Foundation

/// Photos and videos made by Debian's tools for the photo backup tests: ffmpeg's test pattern
/// (a different `seed` gives different bytes), EXIF dates written by exiftool.
public enum PhotoFixtures {
  /// A JPEG, with EXIF DateTimeOriginal (`"2019:07:14 10:20:30"`) and OffsetTimeOriginal when given;
  /// `noise` makes it as large as a camera's (the test pattern alone compresses to little).
  public static func jpeg(
    at path: String, seed: Int = 0, width: Int = 320, height: Int = 240, noise: Bool = false,
    exifDate: String? = nil, offset: String? = nil, orientation: Int? = nil
  ) async throws -> [UInt8] {
    try await TestTool.run(
      "ffmpeg",
      [
        "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=\(width)x\(height):decimals=2",
        "-vf", "hue=h=\(seed * 37 % 360)" + (noise ? ",noise=alls=40:allf=u" : ""), "-frames:v", "1", "-q:v", "3",
        path,
      ])
    var tags: [String] = []
    if let exifDate { tags.append("-DateTimeOriginal=\(exifDate)") }
    if let offset { tags.append("-OffsetTimeOriginal=\(offset)") }
    // `-n`: the number itself (6 is "rotate 90° clockwise to show").
    if let orientation { tags += ["-n", "-Orientation=\(orientation)"] }
    if !tags.isEmpty { try await TestTool.run("exiftool", ["-q", "-overwrite_original"] + tags + [path]) }
    return try bytes(path)
  }

  /// A PNG with no date in it.
  public static func png(at path: String, seed: Int = 0) async throws -> [UInt8] {
    try await TestTool.run(
      "ffmpeg",
      [
        "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=96x64", "-vf", "hue=h=\(seed * 37 % 360)",
        "-frames:v", "1", path,
      ])
    return try bytes(path)
  }

  /// A HEIC picture (heif-enc, HEVC inside), as an iPhone takes them.
  public static func heic(at path: String, seed: Int = 0, width: Int = 640, height: Int = 480) async throws -> [UInt8] {
    let source = path + ".png"
    defer { try? FileManager.default.removeItem(atPath: source) }
    try await TestTool.run(
      "ffmpeg",
      [
        "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=\(width)x\(height)", "-vf",
        "hue=h=\(seed * 37 % 360)", "-frames:v", "1", source,
      ])
    try await TestTool.run("heif-enc", ["-q", "60", source, "-o", path])
    return try bytes(path)
  }

  /// An MP4 (or MOV, by the extension) of `seconds` whose `mvhd` says it was made at
  /// `creationTime` (ISO 8601, UTC); long ones are noise, so they stay large.
  public static func video(at path: String, creationTime: String, seconds: Int = 1) async throws -> [UInt8] {
    let source =
      seconds > 1
      ? "nullsrc=size=320x240:duration=\(seconds):rate=25,geq=random(1)*255:128:128"
      : "testsrc=size=64x48:duration=1:rate=10"
    try await TestTool.run(
      "ffmpeg",
      [
        "-v", "error", "-y", "-f", "lavfi", "-i", source, "-c:v", "mpeg4", "-q:v", "5",
        "-metadata", "creation_time=\(creationTime)", path,
      ])
    return try bytes(path)
  }

  public static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }
}
