import BlastoiseCore
import Testing

/// What every backend's `ImportJobStore` must do: jobs in queue order, with their owner's
/// current name and role, a batch queued whole or not at all.
@Suite struct ImportJobStoreContract {
  @Test(arguments: StoreBackends.all)
  func noJobsAtFirst(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let jobs = try await storage.imports.jobs()
      #expect(jobs.isEmpty)
    }
  }

  @Test(arguments: StoreBackends.all)
  func jobsComeBackInQueueOrderWithTheirOwner(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)  // the first account: an admin
      let bob = try await Fixture.user("Bob", in: storage)
      // IDs and times against the queue order, so neither can stand in for it.
      try await storage.imports.insert([
        Fixture.job("z", owner: bob, createdAt: 30), Fixture.job("m", owner: ann, createdAt: 10),
      ])
      try await storage.imports.insert([Fixture.job("a", owner: bob, createdAt: 20)])
      let jobs = try await storage.imports.jobs()
      #expect(jobs.map(\.id) == ["z", "m", "a"])
      #expect(jobs.map(\.ownerName) == ["Bob", "Ann", "Bob"])
      #expect(jobs.map(\.ownerRole) == [.user, .admin, .user])
    }
  }

  @Test(arguments: StoreBackends.all)
  func insertedJobRoundTripsEveryField(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.playlists.insert(Fixture.playlist("p1", owner: ann))
      let job = ImportJobRecord(
        id: "j1", ownerID: ann.id, ownerName: "Ann", ownerRole: .admin, url: "https://example.com/list?i=3",
        title: "Third", status: .error, error: "HTTP 404", trackID: "sha256:aa", playlistID: "p1", playlistIndex: 3,
        createdAt: 111, updatedAt: 222)
      try await storage.imports.insert([job])
      #expect(try await storage.imports.jobs() == [job])
    }
  }

  @Test(arguments: StoreBackends.all)
  func batchWithATakenIDIsQueuedNotAtAll(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.imports.insert([Fixture.job("j1", owner: ann)])
      let error = await #expect(throws: CoreError.self) {
        try await storage.imports.insert([
          Fixture.job("j2", owner: ann), Fixture.job("j3", owner: ann), Fixture.job("j1", owner: ann),
        ])
      }
      #expect(error?.code == .conflict)
      #expect(try await storage.imports.jobs().map(\.id) == ["j1"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func updateSavesStatusTitleErrorTrackAndTime(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.imports.insert([Fixture.job("j1", owner: ann, createdAt: 100), Fixture.job("j2", owner: ann)])
      var job = try #require(try await storage.imports.jobs().first)
      job.status = .complete
      job.title = "Real title"
      job.error = "warning kept"
      job.trackID = "sha256:done"
      job.updatedAt = 900
      try await storage.imports.update(job)
      let jobs = try await storage.imports.jobs()
      #expect(jobs.first == job)
      #expect(jobs.first?.createdAt == 100)
      #expect(jobs.last?.status == .queued)
      job.error = nil
      job.trackID = nil
      try await storage.imports.update(job)
      #expect(try await storage.imports.jobs().first == job)
    }
  }

  @Test(arguments: StoreBackends.all)
  func deleteRemovesOnlyTheGivenJobs(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.imports.insert(["j1", "j2", "j3", "j4"].map { Fixture.job($0, owner: ann) })
      try await storage.imports.delete(ids: ["j3", "j1", "unknown"])
      try await storage.imports.delete(ids: [])
      #expect(try await storage.imports.jobs().map(\.id) == ["j2", "j4"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func jobsQueuedAfterDeletesStayLast(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.imports.insert(["j1", "j2", "j3"].map { Fixture.job($0, owner: ann) })
      try await storage.imports.delete(ids: ["j3", "j1"])
      try await storage.imports.insert([Fixture.job("j4", owner: ann)])
      try await storage.imports.delete(ids: ["j2", "j4"])
      try await storage.imports.insert([Fixture.job("j5", owner: ann), Fixture.job("j6", owner: ann)])
      try await storage.imports.insert([Fixture.job("j7", owner: ann)])
      #expect(try await storage.imports.jobs().map(\.id) == ["j5", "j6", "j7"])
    }
  }

  @Test(arguments: StoreBackends.all)
  func requeueUnfinishedPutsRunningJobsBackInTheQueue(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.imports.insert(
        ImportJobStatus.allCases.map { Fixture.job($0.rawValue, owner: ann, status: $0, createdAt: 10) })
      let requeued = try await storage.imports.requeueUnfinished(at: 777)
      #expect(requeued == 2)
      let jobs = try await storage.imports.jobs()
      let after = Dictionary(uniqueKeysWithValues: jobs.map { ($0.id, $0) })
      #expect(after["downloading"]?.status == .queued)
      #expect(after["processing"]?.status == .queued)
      #expect(after["downloading"]?.updatedAt == 777)
      for status in [ImportJobStatus.queued, .complete, .error, .cancelled] {
        #expect(after[status.rawValue]?.status == status)
        #expect(after[status.rawValue]?.updatedAt == 10)
      }
      #expect(jobs.map(\.id) == ImportJobStatus.allCases.map(\.rawValue))  // order unchanged
      #expect(try await storage.imports.requeueUnfinished(at: 800) == 0)
    }
  }

  /// What other nodes follow of a job: its stored progress, and a cancel asked for elsewhere,
  /// which only a running job takes and which a job put back in the queue ends with.
  @Test(arguments: StoreBackends.all)
  func progressAndCancelRequestsAreStored(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.imports.insert([Fixture.job("run", owner: ann), Fixture.job("wait", owner: ann)])
      #expect(try await storage.imports.claim(id: "run", at: 5))
      var running = try #require(try await storage.imports.jobs().first { $0.id == "run" })
      running.progress = 42
      try await storage.imports.update(running)
      #expect(try await storage.imports.jobs().first { $0.id == "run" }?.progress == 42)

      #expect(try await storage.imports.cancelRequested(among: ["run", "wait"]).isEmpty)
      #expect(try await storage.imports.requestCancel(id: "wait") == false)
      #expect(try await storage.imports.requestCancel(id: "run"))
      #expect(try await storage.imports.cancelRequested(among: ["run", "wait"]) == ["run"])
      #expect(try await storage.imports.requeueUnfinished(at: 9) == 1)
      #expect(try await storage.imports.jobs().map(\.status) == [.cancelled, .queued])
    }
  }
}
