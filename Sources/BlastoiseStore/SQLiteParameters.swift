/// Which bound value each parameter of a statement takes.
///
/// SQLite numbers a statement's parameters 1, 2… (`sqlite3_bind_parameter_count`): a `?` takes
/// the next number, `?NNN` the number NNN, and a named one (`$1`) the next number the first time
/// it stands in the text, the same one each time after. So `$2 … $1` makes parameter 1 the one
/// named `$2`. Binding by name undoes that: `$k` and `?k` take the k-th value wherever they
/// stand and however often, a `?` the value of its own number.
enum SQLiteParameters {
  struct Problem: Error {
    let message: String
  }

  /// For each parameter (`names` in SQLite's order, nil for a `?`), the offset of its value among
  /// `valueCount` values. Every value must be taken by some parameter.
  static func valueOffsets(names: [String?], valueCount: Int) throws(Problem) -> [Int] {
    var offsets: [Int] = []
    offsets.reserveCapacity(names.count)
    for (index, name) in names.enumerated() {
      guard let name else {
        offsets.append(index)
        continue
      }
      let digits = name.dropFirst()
      guard name.first == "$" || name.first == "?", digits.allSatisfy({ "0"..."9" ~= $0 }),
        let number = Int(digits), number >= 1
      else { throw Problem(message: "parameters are ? or numbered ($1, $2…), not \(name)") }
      offsets.append(number - 1)
    }
    let needed = (offsets.max() ?? -1) + 1
    guard needed == valueCount else {
      throw Problem(message: "statement takes \(needed) parameters, got \(valueCount)")
    }
    let unused = Set(0..<valueCount).subtracting(offsets)
    if let first = unused.min() {
      throw Problem(message: "value \(first + 1) of \(valueCount) is bound to no parameter")
    }
    return offsets
  }
}
