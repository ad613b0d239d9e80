import BlastoiseCore
import CSodium
import Foundation

/// argon2id through libsodium (`crypto_pwhash_str`, 64 MiB and 2 passes — above OWASP's
/// minimum of 19 MiB × 2). Hashing blocks for tens of milliseconds, so it runs on its own
/// queue, at most `concurrency` at once, never on the HTTP or Swift concurrency threads.
final class SodiumPasswordHasher: PasswordHasher {
  struct HashingFailed: Error {}

  private let queue: OperationQueue

  init(concurrency: Int = 2) {
    SodiumLibrary.initialize()
    queue = OperationQueue()
    queue.name = "password-hashing"
    queue.maxConcurrentOperationCount = concurrency
  }

  func hash(_ password: String) async throws -> String {
    let result: String? = await run {
      var output = [CChar](repeating: 0, count: Int(crypto_pwhash_STRBYTES))
      let status = password.withCString { pointer in
        crypto_pwhash_str(
          &output, pointer, UInt64(strlen(pointer)), UInt64(crypto_pwhash_OPSLIMIT_INTERACTIVE),
          Int(crypto_pwhash_MEMLIMIT_INTERACTIVE))
      }
      guard status == 0 else { return nil }
      return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    guard let result else { throw HashingFailed() }
    return result
  }

  func verify(_ password: String, against hash: String) async -> Bool {
    await run {
      hash.withCString { hashPointer in
        password.withCString { pointer in
          crypto_pwhash_str_verify(hashPointer, pointer, UInt64(strlen(pointer))) == 0
        }
      }
    }
  }

  private func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      queue.addOperation { continuation.resume(returning: work()) }
    }
  }
}

enum SodiumLibrary {
  /// `sodium_init` is idempotent and thread-safe; call before any other libsodium function.
  static func initialize() {
    _ = sodium_init()
  }
}
