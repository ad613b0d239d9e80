import BlastoiseCore

/// What `search_words` and `search_entries` hold for one artist, album or track.
enum SearchIndex {
  enum Kind: Int64 {
    case artist = 0
    case album = 1
    case track = 2
  }

  /// Replaces what is indexed for `ref`; nil removes it from search.
  static func replace(_ kind: Kind, ref: String, with entry: SearchEntry?, in connection: SQLiteConnection) throws {
    try connection.execute("DELETE FROM search_words WHERE kind = ? AND ref = ?", .integer(kind.rawValue), .text(ref))
    try connection.execute("DELETE FROM search_entries WHERE kind = ? AND ref = ?", .integer(kind.rawValue), .text(ref))
    guard let entry else { return }
    try connection.execute(
      "INSERT INTO search_entries (kind, ref, name, text) VALUES (?, ?, ?, ?)", .integer(kind.rawValue), .text(ref),
      .text(entry.name), .text(entry.text))
    for word in entry.words {
      try connection.execute(
        "INSERT INTO search_words (kind, field, word, name_length, ref) VALUES (?, ?, ?, ?, ?)",
        .integer(kind.rawValue), .integer(Int64(word.field.rawValue)), .text(word.text),
        .integer(Int64(entry.nameLength)), .text(ref))
    }
  }
}
