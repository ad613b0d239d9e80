import BlastoiseCore
import Testing

@testable import BlastoiseMedia

@Suite struct ScanPlanTests {
  let a = LibraryFile(path: "/m/a.mp3", size: 10, modified: 100)
  let b = LibraryFile(path: "/m/b.mp3", size: 20, modified: 200)

  func keyed(_ files: LibraryFile...) -> [PathKey: LibraryFile] {
    Dictionary(uniqueKeysWithValues: files.map { (PathKey($0.path), $0) })
  }

  func paths(_ files: LibraryFile...) -> Set<PathKey> { Set(files.map { PathKey($0.path) }) }

  @Test func unchangedFilesAreNotReadAgain() {
    let plan = ScanPlan(found: [a, b], known: keyed(a, b), knownPresent: paths(a, b))
    #expect(plan.toRead.isEmpty)
    #expect(plan.unchanged == 2)
    #expect(plan.missing.isEmpty)
  }

  @Test func changedSizeOrTimeIsReadAgain() {
    let touched = LibraryFile(path: a.path, size: 10, modified: 101)
    let grown = LibraryFile(path: b.path, size: 21, modified: 200)
    let plan = ScanPlan(found: [touched, grown], known: keyed(a, b), knownPresent: paths(a, b))
    #expect(plan.toRead == [touched, grown])
  }

  @Test func vanishedFilesAreMissingAndReturningOnesAreRead() {
    let plan = ScanPlan(found: [a], known: keyed(a, b), knownPresent: paths(b))
    #expect(plan.missing == [b.path])
    #expect(plan.toRead == [a])  // a was absent: read again so it becomes present
  }

  @Test func newFilesAreRead() {
    let plan = ScanPlan(found: [a, b], known: [:], knownPresent: [])
    #expect(plan.toRead.count == 2)
  }

  @Test func aSkippedFileIsReadAgainOnlyWhenItChanged() {
    let touched = LibraryFile(path: b.path, size: 20, modified: 201)
    let unchanged = ScanPlan(found: [a, b], known: [:], knownPresent: [], skipped: keyed(a, b))
    #expect(unchanged.toRead.isEmpty)
    #expect(unchanged.stillSkipped == [a, b])
    #expect(unchanged.unchanged == 0)
    let changed = ScanPlan(found: [a, touched], known: [:], knownPresent: [], skipped: keyed(a, b))
    #expect(changed.toRead == [touched])
    #expect(changed.stillSkipped == [a])
  }

  @Test func aStoredFileThatBrokeStaysSkippedWhileUnchanged() {
    let broken = LibraryFile(path: a.path, size: 3, modified: 300)
    let plan = ScanPlan(found: [broken], known: keyed(a), knownPresent: paths(a), skipped: keyed(broken))
    #expect(plan.toRead.isEmpty && plan.missing.isEmpty)
    #expect(plan.stillSkipped == [broken])
  }

  /// "é" as one scalar and as "e" plus a combining accent are equal Swift strings, but two files
  /// on disk: the stored one is unchanged, the other is new and read.
  @Test func namesThatDifferOnlyInNormalizationAreTwoFiles() {
    let composed = LibraryFile(path: "/m/caf\u{E9}.mp3", size: 10, modified: 100)
    let decomposed = LibraryFile(path: "/m/cafe\u{301}.mp3", size: 10, modified: 100)
    #expect(composed.path == decomposed.path)  // as Swift compares strings
    let plan = ScanPlan(
      found: [composed, decomposed], known: keyed(composed), knownPresent: paths(composed))
    #expect(plan.unchanged == 1)
    #expect(plan.toRead.map { Array($0.path.utf8) } == [Array(decomposed.path.utf8)])
    let gone = ScanPlan(found: [decomposed], known: keyed(composed), knownPresent: paths(composed))
    #expect(gone.missing.map { Array($0.utf8) } == [Array(composed.path.utf8)])
  }
}
