/// A book's place in its series, from its folder's name as Audiobookshelf reads it: a leading
/// "Book 2", "Vol. 2", "Volume 2", "#2" or a bare "2" (a whole or decimal number) followed by a
/// separator (" - ", ". ", " ") and the title.
public enum BookSeries {
  public struct Place: Sendable, Equatable {
    public let sequence: String
    public let title: String
  }

  public static func place(in name: String) -> Place? {
    var rest = Substring(name).drop { $0 == " " }
    for word in ["book", "volume", "vol.", "vol", "#"] where rest.lowercased().hasPrefix(word) {
      rest = rest.dropFirst(word.count).drop { $0 == " " }
      break
    }
    let digits = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
    guard let first = digits.first, first.isNumber, digits.filter({ $0 == "." }).count <= 1 else { return nil }
    let sequence = digits.hasSuffix(".") ? digits.dropLast() : digits
    var title = rest.dropFirst(sequence.count)
    let separators: Set<Character> = [" ", "-", ".", ":", "_", "–"]
    guard let next = title.first, separators.contains(next) else { return nil }
    title = title.drop { separators.contains($0) }
    guard !title.isEmpty else { return nil }
    return Place(sequence: String(sequence), title: String(title))
  }
}
