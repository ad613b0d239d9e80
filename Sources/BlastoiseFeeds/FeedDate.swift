import Foundation

/// Feed dates: RFC 822 and its common variants (no weekday, 2-digit years, no seconds, named or
/// missing zones) and ISO 8601 (Atom, and feeds that use it in pubDate). Unparseable → nil.
/// Hand-written rather than DateFormatter: formatters are slow to make and locale-sensitive.
enum FeedDate {
  static func parse(_ raw: String) -> Date? {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let first = text.first, text.count < 64 else { return nil }
    return first.isNumber && text.contains("-") && !text.contains(" ") ? iso8601(text) : rfc822(text) ?? iso8601(text)
  }

  private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
  private static let zones: [String: Int] = [
    "gmt": 0, "ut": 0, "utc": 0, "z": 0, "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6,
    "pst": -8, "pdt": -7,
  ]

  static func rfc822(_ text: String) -> Date? {
    var tokens = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
    if let first = tokens.first, Int(first) == nil { tokens.removeFirst() }  // weekday
    guard tokens.count >= 3, let day = Int(tokens[0]),
      let month = months.firstIndex(of: String(tokens[1].prefix(3))), var year = Int(tokens[2])
    else { return nil }
    if year < 100 { year += year < 50 ? 2000 : 1900 }
    var hour = 0
    var minute = 0
    var second = 0
    if tokens.count >= 4 {
      let clock = tokens[3].split(separator: ":").map { Int($0) }
      guard (2...3).contains(clock.count), clock.allSatisfy({ $0 != nil }) else { return nil }
      hour = clock[0]!
      minute = clock[1]!
      second = clock.count == 3 ? clock[2]! : 0
    }
    var offset = 0
    if tokens.count >= 5 {
      guard let zone = zoneOffset(tokens[4]) else { return nil }
      offset = zone
    }
    return date(
      year: year, month: month + 1, day: day, hour: hour, minute: minute, second: Double(second), offset: offset)
  }

  static func iso8601(_ text: String) -> Date? {
    let chars = Array(text.uppercased())
    var index = 0
    func number(_ digits: Int) -> Int? {
      guard index + digits <= chars.count else { return nil }
      let slice = String(chars[index..<index + digits])
      guard slice.allSatisfy(\.isASCII), let value = Int(slice) else { return nil }
      index += digits
      return value
    }
    func skip(_ char: Character) -> Bool {
      guard index < chars.count, chars[index] == char else { return false }
      index += 1
      return true
    }
    guard let year = number(4), skip("-"), let month = number(2), skip("-"), let day = number(2) else { return nil }
    var hour = 0
    var minute = 0
    var second = 0.0
    var offset = 0
    if skip("T") || skip(" ") {
      guard let h = number(2), skip(":"), let m = number(2) else { return nil }
      hour = h
      minute = m
      if skip(":") {
        guard let s = number(2) else { return nil }
        second = Double(s)
        if skip(".") || skip(",") {
          let start = index
          while index < chars.count, chars[index].isASCII, chars[index].isNumber { index += 1 }
          second += Double("0." + String(chars[start..<index])) ?? 0
        }
      }
      if index < chars.count {
        guard let zone = zoneOffset(String(chars[index...])) else { return nil }
        offset = zone
        index = chars.count
      }
    }
    guard index == chars.count else { return nil }
    return date(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
  }

  /// Seconds east of UTC for "Z", "GMT", "EST", "+0100", "-05:00", "+01".
  private static func zoneOffset(_ token: String) -> Int? {
    if let hours = zones[token.lowercased()] { return hours * 3600 }
    guard let sign = token.first, sign == "+" || sign == "-" else { return nil }
    let digits = token.dropFirst().filter { $0 != ":" }
    guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.count == 2 || digits.count == 4,
      let value = Int(digits)
    else { return nil }
    let seconds = digits.count == 2 ? value * 3600 : (value / 100) * 3600 + (value % 100) * 60
    return sign == "-" ? -seconds : seconds
  }

  private static func date(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double, offset: Int)
    -> Date?
  {
    guard (1...12).contains(month), (1...31).contains(day), (0...24).contains(hour), (0...59).contains(minute),
      second < 61, (1...9999).contains(year)
    else { return nil }
    // Days from the civil calendar (Howard Hinnant's algorithm): no Calendar, no locale.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 - offset) + second
    return Date(timeIntervalSince1970: seconds)
  }
}
