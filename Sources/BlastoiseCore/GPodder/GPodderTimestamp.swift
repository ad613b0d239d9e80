/// gpodder.net's times, `YYYY-MM-DDTHH:MM:SS` in UTC, read and written by hand: Foundation's
/// formatters are not safe to share across threads on Linux, and this format is small.
enum GPodderTimestamp {
  static func parse(_ text: String) -> Int64? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 19, bytes.count <= 40, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":"), let year = number(bytes, 0, 4), let month = number(bytes, 5, 2),
      let day = number(bytes, 8, 2), let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2),
      let second = number(bytes, 17, 2), (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60,
      second < 61
    else { return nil }
    var index = 19
    var millisecond: Int64 = 0
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      var scale: Int64 = 100
      let start = index
      while index < bytes.count, let digit = digit(bytes[index]) {
        millisecond += Int64(digit) * scale
        scale /= 10
        index += 1
      }
      if index == start { return nil }
    }
    var offsetMinutes = 0
    if index < bytes.count {
      if bytes[index] == UInt8(ascii: "Z") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
        guard bytes.count - index == 6 || bytes.count - index == 5,
          let hours = number(bytes, index + 1, 2), let minutes = number(bytes, bytes.count - 2, 2)
        else { return nil }
        offsetMinutes = sign * (hours * 60 + minutes)
        index = bytes.count
      }
    }
    guard index == bytes.count else { return nil }
    let days = CivilDate.days(fromCivil: year, month, day)
    let seconds = Int64(days) * 86_400 + Int64(hour * 3_600 + minute * 60 + second) - Int64(offsetMinutes * 60)
    return seconds * 1_000 + millisecond
  }

  static func format(_ milliseconds: Int64) -> String {
    let seconds = milliseconds >= 0 ? milliseconds / 1_000 : (milliseconds - 999) / 1_000
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let within = Int(seconds - days * 86_400)
    let (year, month, day) = CivilDate.civil(fromDays: Int(days))
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
    return "\(yearText)-\(two(month))-\(two(day))T\(two(within / 3_600)):\(two(within / 60 % 60)):\(two(within % 60))"
  }

  private static func digit(_ byte: UInt8) -> Int? {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
  }

  private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
    guard start >= 0, start + count <= bytes.count else { return nil }
    var value = 0
    for byte in bytes[start..<start + count] {
      guard let digit = digit(byte) else { return nil }
      value = value * 10 + digit
    }
    return value
  }
}
