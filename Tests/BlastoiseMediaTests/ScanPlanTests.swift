import BlastoiseCore
import Testing

@testable import BlastoiseMedia

@Suite struct ScanPlanTests {
  let a = LibraryFile(path: "/m/a.mp3", size: 10, modified: 100)
  let b = LibraryFile(path: "/m/b.mp3", size: 20, modified: 200)

  @Test func unchangedFilesAreNotReadAgain() {
    let plan = ScanPlan(found: [a, b], known: [a.path: a, b.path: b], knownPresent: [a.path, b.path])
    #expect(plan.toRead.isEmpty)
    #expect(plan.unchanged == 2)
    #expect(plan.missing.isEmpty)
  }

  @Test func changedSizeOrTimeIsReadAgain() {
    let touched = LibraryFile(path: a.path, size: 10, modified: 101)
    let grown = LibraryFile(path: b.path, size: 21, modified: 200)
    let plan = ScanPlan(found: [touched, grown], known: [a.path: a, b.path: b], knownPresent: [a.path, b.path])
    #expect(plan.toRead == [touched, grown])
  }

  @Test func vanishedFilesAreMissingAndReturningOnesAreRead() {
    let plan = ScanPlan(found: [a], known: [a.path: a, b.path: b], knownPresent: [b.path])
    #expect(plan.missing == [b.path])
    #expect(plan.toRead == [a])  // a was absent: read again so it becomes present
  }

  @Test func newFilesAreRead() {
    let plan = ScanPlan(found: [a, b], known: [:], knownPresent: [])
    #expect(plan.toRead.count == 2)
  }

  @Test func aSkippedFileIsReadAgainOnlyWhenItChanged() {
    let touched = LibraryFile(path: b.path, size: 20, modified: 201)
    let unchanged = ScanPlan(found: [a, b], known: [:], knownPresent: [], skipped: [a.path: a, b.path: b])
    #expect(unchanged.toRead.isEmpty)
    #expect(unchanged.stillSkipped == [a, b])
    #expect(unchanged.unchanged == 0)
    let changed = ScanPlan(found: [a, touched], known: [:], knownPresent: [], skipped: [a.path: a, b.path: b])
    #expect(changed.toRead == [touched])
    #expect(changed.stillSkipped == [a])
  }

  @Test func aStoredFileThatBrokeStaysSkippedWhileUnchanged() {
    let broken = LibraryFile(path: a.path, size: 3, modified: 300)
    let plan = ScanPlan(found: [broken], known: [a.path: a], knownPresent: [a.path], skipped: [a.path: broken])
    #expect(plan.toRead.isEmpty && plan.missing.isEmpty)
    #expect(plan.stillSkipped == [broken])
  }
}
