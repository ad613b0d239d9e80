/// The answer to a `Range` header for a representation of `size` bytes (RFC 9110 §14).
///
/// One range only. Several ranges are refused (416) rather than answered with a multipart body:
/// media players never send them, and serving overlapping ranges is an amplification vector.
public enum ByteRangeSelection: Sendable, Equatable {
  case whole
  /// Inclusive bounds, as in `Content-Range: bytes first-last/size`.
  case partial(first: UInt64, last: UInt64)
  case unsatisfiable

  public static func select(rangeHeader header: String?, size: UInt64) -> ByteRangeSelection {
    guard let header else { return .whole }
    let trimmed = header.utf8.drop { $0 == UInt8(ascii: " ") }
    let unitPrefix = "bytes=".utf8
    guard trimmed.starts(with: unitPrefix) else { return .whole }  // unknown unit: ignore the header
    let spec = trimmed.dropFirst(unitPrefix.count)
    if spec.contains(UInt8(ascii: ",")) { return .unsatisfiable }
    guard let dash = spec.firstIndex(of: UInt8(ascii: "-")) else { return .unsatisfiable }
    let startText = spec[..<dash]
    let endText = spec[spec.index(after: dash)...]

    if startText.isEmpty {
      // Suffix range: the last n bytes.
      guard let suffix = parseNumber(endText), suffix > 0, size > 0 else { return .unsatisfiable }
      return .partial(first: size - min(suffix, size), last: size - 1)
    }
    guard let first = parseNumber(startText), first < size else { return .unsatisfiable }
    if endText.isEmpty { return .partial(first: first, last: size - 1) }
    guard let last = parseNumber(endText), last >= first else { return .unsatisfiable }
    return .partial(first: first, last: min(last, size - 1))
  }

  /// Decimal digits only, no sign or space, no overflow.
  private static func parseNumber(_ digits: Substring.UTF8View.SubSequence) -> UInt64? {
    guard !digits.isEmpty, digits.count <= 19 else { return nil }
    var value: UInt64 = 0
    for byte in digits {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
    }
    return value
  }
}
