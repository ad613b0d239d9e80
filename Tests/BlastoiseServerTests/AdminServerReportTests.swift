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
    #expect(report.startedAt > 0)
    let member = server.client()
    try await member.signUp("member")
    #expect(try await member.get(APIRoute.adminServer.path()).status == 403)
    await server.stop()
  }
}
