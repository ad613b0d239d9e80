import BlastoisePhotoBackup
import Foundation
import Testing

@Suite struct BackupRulesTests {
  static func item(_ id: String, at takenAt: Int64, video: Bool = false, size: Int64 = 100) -> BackupItem {
    BackupItem(assetID: id, name: id + ".jpg", size: size, takenAt: takenAt, month: "2024-01", isVideo: video)
  }

  @Test func batchesGoNewestFirstAndLeaveOutWhatTheSettingsDo() {
    let items = [
      Self.item("a", at: 1), Self.item("b", at: 3), Self.item("c", at: 2, video: true), Self.item("d", at: 3),
    ]
    let planner = BackupPlanner(batchSize: 2)
    #expect(
      planner.batches(items, settings: BackupSettings(enabled: true)).map { $0.map(\.assetID) } == [
        ["b", "d"], ["c", "a"],
      ])
    var photosOnly = BackupSettings(enabled: true)
    photosOnly.includeVideos = false
    #expect(planner.batches(items, settings: photosOnly).flatMap { $0 }.map(\.assetID) == ["b", "d", "a"])
    #expect(planner.batches([], settings: photosOnly).isEmpty)
  }

  @Test func anotherAccountSigningInTurnsBackupOff() {
    let ann = BackupAccount(server: "https://music.example", username: "Ann")
    let settings = BackupSettings.on(for: ann)
    #expect(
      settings.mayRun(
        signedIn: BackupAccount(server: "https://music.example", username: "ann"), onWiFi: true, charging: false))
    let bob = BackupAccount(server: "https://music.example", username: "bob")
    #expect(!settings.mayRun(signedIn: bob, onWiFi: true, charging: true))
    let after = settings.afterSignIn(bob)
    #expect(!after.enabled && after.account == nil)
    #expect(settings.afterSignIn(ann) == settings)
  }

  @Test func wifiAndChargingAreHeeded() {
    let ann = BackupAccount(server: "s", username: "ann")
    var settings = BackupSettings.on(for: ann)
    #expect(!settings.mayRun(signedIn: ann, onWiFi: false, charging: true))  // Wi-Fi only by default
    settings.wifiOnly = false
    settings.onlyWhileCharging = true
    #expect(settings.mayRun(signedIn: ann, onWiFi: false, charging: true))
    #expect(!settings.mayRun(signedIn: ann, onWiFi: true, charging: false))
    settings.enabled = false
    #expect(!settings.mayRun(signedIn: ann, onWiFi: true, charging: true))
  }

  @Test func smallFilesGoWholeAndLargeOnesResumably() {
    #expect(UploadPlan.forFile(size: 3 << 20) == .whole)
    #expect(UploadPlan.forFile(size: UploadPlan.wholeLimit) == .whole)
    #expect(UploadPlan.forFile(size: UploadPlan.wholeLimit + 1) == .resumable(chunkBytes: UploadPlan.chunkBytes))
  }

  @Test func retriesBackOffAndStop() {
    let retry = RetryPolicy(maxAttempts: 4)
    #expect((1...4).map { retry.delay(beforeRetry: $0) } == [0.5, 1, 2, nil])
    #expect(RetryPolicy(maxAttempts: 20).delay(beforeRetry: 12) == 30)
    // By default it outwaits a server's 30 s idle timeout, which holds a lost chunk's lock.
    let waits = (1...20).compactMap { RetryPolicy().delay(beforeRetry: $0) }
    #expect(waits.reduce(0, +) > 30)
    #expect(
      RetryPolicy.isTransient(status: nil) && RetryPolicy.isTransient(status: 503)
        && RetryPolicy.isTransient(status: 409))
    #expect(!RetryPolicy.isTransient(status: 415) && !RetryPolicy.isTransient(status: 401))
  }

  @Test func theJournalForgetsFilesThatAreGoneAndWhatChanged() throws {
    let kept = Self.item("a", at: 1)
    var changed = Self.item("b", at: 1)
    var journal = BackupJournal()
    journal.checksums = [kept.fingerprint: "aa", changed.fingerprint: "bb", "gone|1|1": "cc"]
    journal.uploads[changed.fingerprint] = "/api/photos/tus/x"
    journal.confirm(kept)
    changed.size = 200  // rewritten: another fingerprint
    journal.keepOnly([kept, changed])
    #expect(journal.checksums == [kept.fingerprint: "aa"])
    #expect(journal.backedUp == [kept.fingerprint] && journal.uploads.isEmpty)
    let decoded = try JSONDecoder().decode(BackupJournal.self, from: JSONEncoder().encode(journal))
    #expect(decoded == journal)
  }

  @Test func theMonthIsTheDevicesOwn() throws {
    let date = Date(timeIntervalSince1970: 1_717_198_200)  // 2024-05-31 23:30 UTC
    #expect(BackupItem.month(of: date, in: try #require(TimeZone(identifier: "UTC"))) == "2024-05")
    #expect(BackupItem.month(of: date, in: try #require(TimeZone(identifier: "Europe/Oslo"))) == "2024-06")
  }
}
