/// Request or response headers. Names compare case-insensitively; order is kept.
public struct HTTPHeaders: Sendable, Sequence {
  private var fields: [(name: String, value: String)] = []

  public init(_ fields: [(String, String)] = []) {
    for (name, value) in fields { add(name, value) }
  }

  public mutating func add(_ name: String, _ value: String) {
    fields.append((name, value))
  }

  /// Replaces every field with this name by one.
  public mutating func set(_ name: String, _ value: String) {
    remove(name)
    add(name, value)
  }

  public mutating func remove(_ name: String) {
    fields.removeAll { $0.name.caseInsensitiveEquals(name) }
  }

  /// The first value for a name.
  public subscript(name: String) -> String? {
    fields.first { $0.name.caseInsensitiveEquals(name) }?.value
  }

  /// Every value for a name, in the order received (a proxy may add its own line rather than
  /// extend the one there).
  public func values(_ name: String) -> [String] {
    fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
  }

  public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    fields.makeIterator()
  }
}

extension String {
  func caseInsensitiveEquals(_ other: String) -> Bool {
    utf8.count == other.utf8.count && lowercased() == other.lowercased()
  }
}
