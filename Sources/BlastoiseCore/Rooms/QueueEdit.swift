import BlastoiseProtocol

extension QueueEdit {
  /// Track IDs the edit brings in (to check they exist).
  public var addedIDs: [String] {
    switch self {
    case .set(let ids), .add(let ids, _): ids
    case .remove, .move: []
    }
  }
}

/// The outcome of an edit: the new list and where the entry that was playing went.
public struct QueueEditOutcome<Item: Sendable & Equatable>: Sendable, Equatable {
  public let items: [Item]
  /// The playing entry's new position; nil when the list is empty.
  public let currentIndex: Int?
  /// The playing entry was removed or the list replaced: the new current entry starts at 0.
  public let restartCurrent: Bool
}

public enum QueueEditor {
  public static let maxLength = 10_000

  public static func apply(_ edit: QueueEdit, to items: [String], current: Int?) throws(CoreError)
    -> QueueEditOutcome<String>
  {
    try apply(edit, to: items, current: current, making: { $0 })
  }

  /// For entries that carry more than a track ID (a room's, with who added each): `making`
  /// turns an ID the edit adds into an entry.
  public static func apply<Item>(
    _ edit: QueueEdit, to items: [Item], current: Int?, making: (String) -> Item
  ) throws(CoreError) -> QueueEditOutcome<Item> {
    let current = current.flatMap { items.indices.contains($0) ? $0 : nil }
    switch edit {
    case .set(let ids):
      try checkLength(ids.count)
      return QueueEditOutcome(items: ids.map(making), currentIndex: ids.isEmpty ? nil : 0, restartCurrent: true)

    case .add(let ids, let insertAt):
      guard !ids.isEmpty else { throw CoreError.invalid("'add' needs at least one track ID") }
      let position = insertAt ?? items.count
      guard (0...items.count).contains(position) else { throw CoreError.invalid("'insertAt' is out of range") }
      try checkLength(items.count + ids.count)
      var result = items
      result.insert(contentsOf: ids.map(making), at: position)
      let shifted = current.map { $0 >= position ? $0 + ids.count : $0 } ?? (result.isEmpty ? nil : 0)
      return QueueEditOutcome(items: result, currentIndex: shifted, restartCurrent: current == nil)

    case .remove(let positions):
      let removed = try validPositions(positions, count: items.count, verb: "remove")
      let result = items.indices.filter { !removed.contains($0) }.map { items[$0] }
      guard let current, !result.isEmpty else {
        return QueueEditOutcome(items: result, currentIndex: result.isEmpty ? nil : 0, restartCurrent: true)
      }
      let before = removed.filter { $0 < current }.count
      if removed.contains(current) {
        // The next surviving entry starts from 0 (wrapping to the first).
        let next = current - before
        return QueueEditOutcome(items: result, currentIndex: next < result.count ? next : 0, restartCurrent: true)
      }
      return QueueEditOutcome(items: result, currentIndex: current - before, restartCurrent: false)

    case .move(let positions, let target):
      let moving = try validPositions(positions, count: items.count, verb: "move")
      let remaining = items.indices.filter { !moving.contains($0) }
      guard (0...remaining.count).contains(target) else { throw CoreError.invalid("'to' is out of range") }
      var order = remaining
      order.insert(contentsOf: positions, at: target)
      return QueueEditOutcome(
        items: order.map { items[$0] }, currentIndex: current.flatMap { order.firstIndex(of: $0) },
        restartCurrent: false)
    }
  }

  private static func validPositions(_ positions: [Int], count: Int, verb: String) throws(CoreError) -> Set<Int> {
    guard !positions.isEmpty else { throw CoreError.invalid("'\(verb)' needs at least one position") }
    let unique = Set(positions)
    guard unique.count == positions.count else { throw CoreError.invalid("'\(verb)' lists a position twice") }
    guard unique.allSatisfy({ (0..<count).contains($0) }) else {
      throw CoreError.invalid("'\(verb)' position is out of range")
    }
    return unique
  }

  private static func checkLength(_ length: Int) throws(CoreError) {
    guard length <= maxLength else { throw CoreError.invalid("A list holds at most \(maxLength) entries") }
  }
}
