extension String {
  /// With ASCII letters in upper or lower case and every other character as it is: how HTTP
  /// compares names, unlike `uppercased()` (`ß` → `SS`, the Kelvin sign → `k`).
  func asciiCase(upper: Bool) -> String {
    let letters: ClosedRange<Unicode.Scalar> = upper ? "a"..."z" : "A"..."Z"
    let shift: Int32 = upper ? -32 : 32
    return String(
      String.UnicodeScalarView(
        unicodeScalars.map { letters.contains($0) ? Unicode.Scalar(UInt32(Int32($0.value) + shift))! : $0 }))
  }
}
