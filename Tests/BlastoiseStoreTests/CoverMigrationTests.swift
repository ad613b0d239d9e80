import BlastoiseCore
import BlastoiseStore
import BlastoiseTestSupport
import Testing

/// Migration 8: a library an earlier build scanned is read once more, so its tracks get covers.
@Test func filesOfAnEarlierBuildAreReadAgainForTheirCovers() async throws {
  try await TestRun.withDirectory("cover-migration") { folder in
    let path = folder + "/blastoise.db"
    let earlier = try SQLiteDatabase(path: path, migrations: Array(BlastoiseSchema.migrations.prefix(7)))
    try earlier.write { connection in
      try connection.execute(
        "INSERT INTO tracks (id, filename, duration, added_at) VALUES ('sha256:aa', 'a.mp3', 1, 0)")
      try connection.execute(
        "INSERT INTO track_files (path, track_id, size, modified_ns) VALUES ('/music/a.mp3', 'sha256:aa', 10, 123)")
    }
    earlier.close()
    let storage = try SQLiteStorage(path: path)
    let known = try await storage.library.knownFiles(under: "/music")
    #expect(known.files["/music/a.mp3"] == LibraryFile(path: "/music/a.mp3", size: 10, modified: -1))
    #expect(try await storage.library.track(id: "sha256:aa")?.coverID == nil)
    await storage.close()
  }
}
