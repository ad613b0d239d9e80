import BlastoiseCore
import CSodium
import Foundation

/// How much work one argon2id hash is. `.standard` is for every real server; `.minimum` (libsodium's
/// floor, still argon2id) only for test servers, which create hundreds of accounts on two cores.
public enum PasswordHashCost: Sendable, Equatable {
  /// 64 MiB and 2 passes — above OWASP's minimum of 19 MiB × 2.
  case standard
  case minimum

  var limits: (operations: UInt64, memory: Int) {
    switch self {
    case .standard: (UInt64(crypto_pwhash_OPSLIMIT_INTERACTIVE), Int(crypto_pwhash_MEMLIMIT_INTERACTIVE))
    case .minimum: (UInt64(crypto_pwhash_OPSLIMIT_MIN), Int(crypto_pwhash_MEMLIMIT_MIN))
    }
  }
}

/// argon2id through libsodium (`crypto_pwhash_str`). Hashing blocks for tens of milliseconds, so
/// it runs on lanes of its own (`WorkerLanes`), at most `concurrency` at once, never on the HTTP
/// or Swift concurrency threads. A hash records its own cost, so verifying works for any.
final class SodiumPasswordHasher: PasswordHasher {
  struct HashingFailed: Error {}

  private let lanes: WorkerLanes
  private let cost: PasswordHashCost

  init(cost: PasswordHashCost = .standard, concurrency: Int = 2) {
    SodiumLibrary.initialize()
    lanes = WorkerLanes(label: "blastoise.password-hashing", count: concurrency)
    self.cost = cost
  }

  func hash(_ password: String) async throws -> String {
    let limits = cost.limits
    let result: String? = try await lanes.run {
      var output = [CChar](repeating: 0, count: Int(crypto_pwhash_STRBYTES))
      let status = password.withCString { pointer in
        crypto_pwhash_str(&output, pointer, UInt64(strlen(pointer)), limits.operations, limits.memory)
      }
      guard status == 0 else { return nil }
      return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    guard let result else { throw HashingFailed() }
    return result
  }

  func verify(_ password: String, against hash: String) async -> Bool {
    (try? await lanes.run {
      hash.withCString { hashPointer in
        password.withCString { pointer in
          crypto_pwhash_str_verify(hashPointer, pointer, UInt64(strlen(pointer))) == 0
        }
      }
    }) ?? false
  }
}

enum SodiumLibrary {
  /// `sodium_init` is idempotent and thread-safe; call before any other libsodium function.
  static func initialize() {
    _ = sodium_init()
  }
}
