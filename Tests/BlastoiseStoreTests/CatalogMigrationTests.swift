import BlastoiseCore
import BlastoiseStore
import BlastoiseTestSupport
import Testing

/// A library stored before the catalog existed is read again at the next scan, for its tags.
@Test func filesStoredBeforeTheCatalogAreReadAgain() async throws {
  let folder = try TestRun.makeDirectory("store")
  defer { TestRun.remove(folder) }
  let path = folder + "/blastoise.db"
  do {
    let db = try SQLiteDatabase(path: path, migrations: Array(BlastoiseSchema.migrations.prefix(7)))
    try db.write { connection in
      try connection.execute(
        """
        INSERT INTO tracks (id, filename, title, artist, album, duration, added_at)
        VALUES ('sha256:a', 'a.mp3', 'A', 'Ann', 'Album', 60, 1)
        """)
      try connection.execute(
        "INSERT INTO track_files (path, track_id, size, modified_ns) VALUES ('/music/a.mp3', 'sha256:a', 10, 5)")
    }
    db.close()
  }
  let storage = try SQLiteStorage(path: path)
  let known = try await storage.library.knownFiles(under: "/music")
  #expect(known.present == ["/music/a.mp3"])
  #expect(known.files["/music/a.mp3"]?.modified != 5)  // so ScanPlan reads it again
  #expect(try await storage.library.track(id: "sha256:a")?.available == true)
  await storage.close()
}
