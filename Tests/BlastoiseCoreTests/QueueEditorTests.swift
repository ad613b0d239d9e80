import BlastoiseProtocol
import Testing

@testable import BlastoiseCore

@Suite struct QueueEditorTests {
  let items = ["a", "b", "c", "d", "b"]

  @Test func addBeforeThePlayingEntryKeepsItPlaying() throws {
    let outcome = try QueueEditor.apply(.add(["x", "y"], insertAt: 1), to: items, current: 2)
    #expect(outcome.items == ["a", "x", "y", "b", "c", "d", "b"])
    #expect(outcome.currentIndex == 4)
    #expect(!outcome.restartCurrent)
  }

  @Test func addAfterAndAppendLeaveThePlayingEntry() throws {
    #expect(try QueueEditor.apply(.add(["x"], insertAt: 3), to: items, current: 2).currentIndex == 2)
    let appended = try QueueEditor.apply(.add(["b"], insertAt: nil), to: items, current: 2)
    #expect(appended.items.last == "b")
    #expect(appended.currentIndex == 2)
  }

  @Test func removeByPositionNotByIDWithDuplicates() throws {
    let outcome = try QueueEditor.apply(.remove([4]), to: items, current: 1)
    #expect(outcome.items == ["a", "b", "c", "d"])
    #expect(outcome.currentIndex == 1)
  }

  @Test func removingEntriesBeforeThePlayingOneShiftsIt() throws {
    let outcome = try QueueEditor.apply(.remove([0, 1]), to: items, current: 3)
    #expect(outcome.items == ["c", "d", "b"])
    #expect(outcome.currentIndex == 1)
    #expect(!outcome.restartCurrent)
  }

  @Test func removingThePlayingEntryStartsTheNextAtZero() throws {
    let outcome = try QueueEditor.apply(.remove([2]), to: items, current: 2)
    #expect(outcome.items[outcome.currentIndex ?? -1] == "d")
    #expect(outcome.restartCurrent)
    let last = try QueueEditor.apply(.remove([4]), to: items, current: 4)
    #expect(last.currentIndex == 0)
    let all = try QueueEditor.apply(.remove([0, 1, 2, 3, 4]), to: items, current: 0)
    #expect(all.items.isEmpty)
    #expect(all.currentIndex == nil)
  }

  @Test func moveFollowsThePlayingEntry() throws {
    let moved = try QueueEditor.apply(.move([3, 4], to: 0), to: items, current: 3)
    #expect(moved.items == ["d", "b", "a", "b", "c"])
    #expect(moved.currentIndex == 0)
    let other = try QueueEditor.apply(.move([0], to: 4), to: items, current: 2)
    #expect(other.items == ["b", "c", "d", "b", "a"])
    #expect(other.currentIndex == 1)
  }

  @Test func setReplacesAndRestarts() throws {
    let outcome = try QueueEditor.apply(.set(["z", "z"]), to: items, current: 3)
    #expect(outcome.items == ["z", "z"])
    #expect(outcome.currentIndex == 0)
    #expect(outcome.restartCurrent)
  }

  @Test(arguments: [
    QueueEdit.add([], insertAt: 0), .add(["x"], insertAt: 6), .add(["x"], insertAt: -1), .remove([]), .remove([5]),
    .remove([1, 1]), .move([0], to: 5), .move([9], to: 0), .move([0, 0], to: 1),
  ])
  func badEditsAreRefused(edit: QueueEdit) {
    #expect(throws: CoreError.self) { try QueueEditor.apply(edit, to: items, current: 0) }
  }

  @Test func listsAreBounded() {
    #expect(throws: CoreError.self) {
      try QueueEditor.apply(.set(Array(repeating: "a", count: QueueEditor.maxLength + 1)), to: [], current: nil)
    }
  }
}
