import BlastoiseProtocol
import Foundation
import Testing

@testable import BlastoiseServer

/// `GET /api/admin/server`: an admin reads how the server runs; nothing of it is a secret.
@Suite struct AdminServerReportTests {
  @Test func anAdminSeesTheServersFoldersSwitchesAndTracks() async throws {
    let files = ["a.wav": LibraryRoutesTests.wav(seconds: 1, frequency: 440, title: "A")]
    let (server, admin) = try await LibraryRoutesTests.serverWithMusic(files) { $0.allowGuests = true }
    let report = try await admin.get(APIRoute.adminServer.path()).json(ServerReport.self)
    #expect(report.database == "sqlite" && report.version == BlastoiseVersion.current)
    #expect(report.tracks == 1 && report.allowGuests && report.allowSignup && !report.urlImport)
    #expect(report.musicDirectory == server.server.configuration.musicDirectory)
    #expect(report.startedAt > 0 && report.importSettings == nil)
    let member = server.client()
    try await member.signUp("member")
    #expect(try await member.get(APIRoute.adminServer.path()).status == 403)
    await server.stop()
  }

  /// `GET /api/admin/scans`: the start's scan and a rescan, newest first, each with the files it
  /// passed over and why.
  @Test func theScanLogListsEachScanWithWhatItSkipped() async throws {
    let (server, admin) = try await LibraryRoutesTests.serverWithMusic(
      ["a.wav": LibraryRoutesTests.wav(seconds: 1, frequency: 440, title: "A")])
    let broken = server.server.configuration.musicDirectory + "/broken.mp3"
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: broken))
    #expect(try await admin.post(APIRoute.libraryScan.path()).status == 200)
    let scans = try await admin.get(APIRoute.adminScans.path()).json([ScanRecord].self)
    #expect(scans.map(\.trigger) == ["admin", "start"])
    let rescan = try #require(scans.first)
    #expect(rescan.failure == nil && rescan.skipped == 1 && rescan.unchanged == 1)
    #expect(rescan.skippedFiles.map { ($0.path as NSString).lastPathComponent } == ["broken.mp3"])
    #expect(rescan.finishedAt >= rescan.startedAt && !(rescan.skippedFiles.first?.reason.isEmpty ?? true))
    await server.stop()
  }

  /// With URL import on, the report says the limits it runs under.
  @Test func theImportLimitsAreShownWhenImportIsOn() async throws {
    let server = try await TestServer {
      $0.urlImportEnabled = true
      $0.maxImportMegabytes = 64
      $0.allowPrivateImports = true
    }
    let admin = server.client()
    try await admin.signUp("boss")
    let report = try await admin.get(APIRoute.adminServer.path()).json(ServerReport.self)
    let limits = try #require(report.importSettings)
    #expect(limits.maxFileBytes == 64 << 20 && limits.allowPrivateAddresses && limits.concurrency > 0)
    await server.stop()
  }
}
