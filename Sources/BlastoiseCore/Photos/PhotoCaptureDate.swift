import Foundation

/// When a photo was taken: the instant (milliseconds since 1970, UTC) and the month it is filed
/// under, "YYYY-MM" of the wall clock where it was taken — what the phone shows and what a
/// backup check sends, so a photo taken at 23:30 on the 31st is filed in that month wherever
/// the server is.
public struct PhotoCaptureDate: Sendable, Equatable {
  public var takenAt: Int64
  public var month: String

  public init(takenAt: Int64, month: String) {
    self.takenAt = takenAt
    self.month = month
  }

  /// Whether `text` is a month as checks send it, "YYYY-MM" (0001-01 to 9999-12).
  public static func isMonth(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"),
      bytes.enumerated().allSatisfy({ $0.offset == 4 || (48...57).contains($0.element) }),
      let year = Int(text.prefix(4)), let month = Int(text.suffix(2))
    else { return false }
    return year >= 1 && (1...12).contains(month)
  }

  public var year: Int { Int(month.prefix(4)) ?? 0 }
  public var monthNumber: Int { Int(month.suffix(2)) ?? 0 }

  /// EXIF's "YYYY:MM:DD HH:MM:SS" wall time, with its offset ("+02:00", EXIF 2.31's
  /// OffsetTimeOriginal) when the camera wrote one; without, the wall time is taken for UTC.
  /// Nil for a blank or impossible date (cameras write "0000:00:00 00:00:00").
  public static func exif(_ text: String, offset: String? = nil) -> PhotoCaptureDate? {
    let digits = text.trimmingCharacters(in: .whitespaces)
    guard digits.utf8.count >= 19 else { return nil }
    let chars = Array(digits.utf8.prefix(19))
    let separators: [Int: UInt8] = [4: 58, 7: 58, 10: 32, 13: 58, 16: 58]
    for (index, separator) in separators where chars[index] != separator && !(index == 10 && chars[index] == 84) {
      return nil
    }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in chars[range] {
        guard (48...57).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
    else { return nil }
    let offsetSeconds = offset.flatMap(Self.offsetSeconds) ?? 0
    return wallClock(year, month, day, hour, minute, second, offsetSeconds: offsetSeconds)
  }

  /// ISO 8601 as clients send it ("2024-05-31T23:30:00+02:00", "…Z", fractions allowed), or
  /// milliseconds since 1970 as a number. A time without an offset is taken for UTC.
  public static func client(_ text: String) -> PhotoCaptureDate? {
    if let milliseconds = Int64(text) { return instant(milliseconds) }
    guard text.utf8.count >= 19 else { return nil }
    let wall = String(text.prefix(19))
    var rest = Substring(text.dropFirst(19))
    if rest.hasPrefix(".") { rest = rest.drop { $0 == "." || $0.isNumber } }
    let offset: Int?
    if rest.isEmpty || rest == "Z" || rest == "z" { offset = 0 } else { offset = offsetSeconds(String(rest)) }
    guard let offset else { return nil }
    let exifForm = wall.replacingOccurrences(of: "-", with: ":")
    guard let date = exif(exifForm) else { return nil }
    return PhotoCaptureDate(takenAt: date.takenAt - Int64(offset) * 1_000, month: date.month)
  }

  /// An instant with no wall clock of its own (a file's time): filed by its UTC month.
  public static func instant(_ milliseconds: Int64) -> PhotoCaptureDate {
    let days = CivilDate.days(ofMilliseconds: milliseconds)
    let (year, month, _) = CivilDate.civil(fromDays: days)
    return PhotoCaptureDate(takenAt: milliseconds, month: monthText(year, month))
  }

  private static func wallClock(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int, offsetSeconds: Int
  ) -> PhotoCaptureDate? {
    guard (1...9999).contains(year), (1...12).contains(month), (1...daysIn(month, year)).contains(day),
      (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
    else { return nil }
    let seconds =
      Int64(CivilDate.days(fromCivil: year, month, day)) * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
    return PhotoCaptureDate(takenAt: (seconds - Int64(offsetSeconds)) * 1_000, month: monthText(year, month))
  }

  /// "+02:00", "-0530", "+01" → seconds east of UTC; nil otherwise (beyond ±18 h included).
  private static func offsetSeconds(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let sign = trimmed.first, sign == "+" || sign == "-" else { return nil }
    let digits = trimmed.dropFirst().filter { $0 != ":" }
    guard digits.count == 2 || digits.count == 4, digits.allSatisfy(\.isASCII), let value = Int(digits) else {
      return nil
    }
    let hours = digits.count == 2 ? value : value / 100
    let minutes = digits.count == 2 ? 0 : value % 100
    guard hours <= 18, minutes < 60 else { return nil }
    return (sign == "-" ? -1 : 1) * (hours * 3_600 + minutes * 60)
  }

  private static func monthText(_ year: Int, _ month: Int) -> String {
    let y = String(year)
    return String(repeating: "0", count: max(0, 4 - y.count)) + y + (month < 10 ? "-0" : "-") + String(month)
  }

  private static func daysIn(_ month: Int, _ year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }
}
