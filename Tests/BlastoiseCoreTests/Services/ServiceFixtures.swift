import BlastoiseCore
import BlastoiseProtocol
import BlastoiseStore
import Foundation
import Synchronization

/// Runs `body` on a real SQLite storage in a temporary folder, closed and removed afterwards.
func withTempStorage<T>(_ body: (any Storage) async throws -> T) async throws -> T {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("blastoise-core-tests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let storage = try SQLiteStorage(path: folder.appendingPathComponent("blastoise.db").path)
  do {
    let result = try await body(storage)
    await storage.close()
    return result
  } catch {
    await storage.close()
    throw error
  }
}

/// A password "hash" that is a salted string, compared exactly. Hashing strength is not what
/// these tests check (argon2id is the server's, `SodiumPasswordHasher`), only that the service
/// hashes, stores the hash and verifies against it; a real but cheap hasher keeps them fast.
struct SaltedTestHasher: PasswordHasher {
  func hash(_ password: String) async throws -> String {
    "salted$\(UUID().uuidString)$\(password)"
  }

  func verify(_ password: String, against hash: String) async -> Bool {
    let parts = hash.split(separator: "$", maxSplits: 2, omittingEmptySubsequences: false)
    return parts.count == 3 && parts[0] == "salted" && parts[2] == password
  }
}

/// Random letter tokens (guest names are made of a token's letters) and a readable "hash".
struct TestSessionTokens: SessionTokens {
  func newToken() -> String {
    String((0..<32).map { _ in "abcdefghijklmnopqrstuvwxyz".randomElement() ?? "a" })
  }

  func hash(_ token: String) -> String { "hashed:" + token }
}

/// Time the test moves by hand.
final class TestTime: Sendable {
  private let seconds: Mutex<Double>

  init(_ start: Double = 1_700_000_000) {
    seconds = Mutex(start)
  }

  var now: Double { seconds.withLock { $0 } }

  func advance(by delta: Double) { seconds.withLock { $0 += delta } }
}

extension AccountService {
  /// A service over `storage` with the test hasher and tokens and the given time.
  static func forTests(
    _ storage: any Storage, policy: InstancePolicy = InstancePolicy(allowGuests: true, allowSignup: true),
    lifetime: SessionLifetime = SessionLifetime(), throttle: LoginThrottle.Limits = LoginThrottle.Limits(),
    time: TestTime = TestTime()
  ) -> AccountService {
    AccountService(
      store: storage.accounts, appPasswords: storage.appPasswords, hasher: SaltedTestHasher(),
      tokens: TestSessionTokens(), policy: policy,
      lifetime: lifetime, throttle: LoginThrottle(store: storage.signInFailures, limits: throttle), now: { time.now })
  }
}

extension Principal {
  init(_ user: StoredUser) {
    self.init(userID: user.id, username: user.username, role: user.role, sessionID: "")
  }
}

extension ClientAddress {
  /// An IPv4 client: the server keys one by its whole address.
  static func ipv4(_ address: String) -> ClientAddress { ClientAddress(address: address, limitKey: address) }
}
