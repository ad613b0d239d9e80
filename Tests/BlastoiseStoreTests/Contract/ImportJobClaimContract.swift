import BlastoiseCore
import Testing

/// What every backend's `ImportJobStore.claim` must do: a queued job is taken once, by one
/// claimer, however many ask at once; a job that is not queued is not taken.
@Suite struct ImportJobClaimContract {
  @Test(arguments: StoreBackends.all)
  func aQueuedJobIsClaimedOnce(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.imports.insert([Fixture.job("j1", owner: ann, createdAt: 10), Fixture.job("j2", owner: ann)])
      #expect(try await storage.imports.claim(id: "j1", at: 500))
      #expect(try await storage.imports.claim(id: "j1", at: 600) == false)
      #expect(try await storage.imports.claim(id: "unknown", at: 600) == false)
      let jobs = try await storage.imports.jobs()
      #expect(jobs.map(\.status) == [.downloading, .queued])
      #expect(jobs.first?.updatedAt == 500)
    }
  }

  @Test(arguments: StoreBackends.all)
  func onlyQueuedJobsAreClaimed(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      let taken = ImportJobStatus.allCases.filter { $0 != .queued }
      try await storage.imports.insert(taken.map { Fixture.job($0.rawValue, owner: ann, status: $0) })
      for status in taken {
        #expect(try await storage.imports.claim(id: status.rawValue, at: 500) == false)
      }
      #expect(try await storage.imports.jobs().map(\.status) == taken)
    }
  }

  @Test(arguments: StoreBackends.all)
  func claimsAtOnceTakeAJobOnce(backend: StoreBackend) async throws {
    try await backend.withStorage { storage in
      let ann = try await Fixture.user("Ann", in: storage)
      try await storage.imports.insert([Fixture.job("j1", owner: ann)])
      let granted = try await withHangGuard {
        try await withThrowingTaskGroup(of: Bool.self) { group in
          for attempt in 0..<8 { group.addTask { try await storage.imports.claim(id: "j1", at: Int64(attempt)) } }
          return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
      }
      #expect(granted == 1)
    }
  }
}
