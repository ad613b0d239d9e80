import BlastoiseCore

/// Times as the Subsonic API writes them (`xs:dateTime` in UTC, with milliseconds).
enum SubsonicDate {
  static func string(milliseconds: Int64) -> String {
    let days = CivilDate.days(ofMilliseconds: milliseconds)
    let (year, month, day) = CivilDate.civil(fromDays: days)
    let inDay = milliseconds - Int64(days) * 86_400_000
    let (hour, minute) = (inDay / 3_600_000, inDay / 60_000 % 60)
    let (second, millisecond) = (inDay / 1000 % 60, inDay % 1000)
    return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(Int(hour), 2) + ":"
      + pad(Int(minute), 2) + ":" + pad(Int(second), 2) + "." + pad(Int(millisecond), 3) + "Z"
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
