import BlastoiseCore
import CSodium
import Foundation

/// `SecretSealer` with libsodium's secretbox (XSalsa20-Poly1305): a fresh nonce per secret, the
/// text `base64(nonce ‖ box)`. The 32-byte key lives in a file of the data directory (mode 0600),
/// made by the first server that starts; nodes sharing a database share the data directory, or
/// must be given the same file.
struct SodiumSecretBox: SecretSealer {
  static let fileName = "app-password.key"
  private let key: [UInt8]

  init(key: [UInt8]) {
    SodiumLibrary.initialize()
    precondition(key.count == Int(crypto_secretbox_KEYBYTES))
    self.key = key
  }

  /// The key in `directory`, made when there is none. Several nodes starting at once: one makes
  /// it (O_EXCL), the others read it once it is whole.
  static func opening(directory: String) throws(StartupError) -> SodiumSecretBox {
    SodiumLibrary.initialize()
    let path = directory + "/" + fileName
    let size = Int(crypto_secretbox_KEYBYTES)
    let descriptor = Foundation.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if descriptor >= 0 {
      var key = [UInt8](repeating: 0, count: size)
      randombytes_buf(&key, size)
      let written = write(descriptor, key, size)
      let synced = fsync(descriptor)
      close(descriptor)
      guard written == size, synced == 0 else {
        unlink(path)
        throw StartupError(message: "cannot write the app password key \(path): \(String(cString: strerror(errno)))")
      }
      return SodiumSecretBox(key: key)
    }
    guard errno == EEXIST else {
      throw StartupError(message: "cannot make the app password key \(path): \(String(cString: strerror(errno)))")
    }
    for _ in 0..<50 {
      if let data = FileManager.default.contents(atPath: path), data.count == size {
        return SodiumSecretBox(key: Array(data))
      }
      usleep(100_000)
    }
    throw StartupError(message: "the app password key \(path) is not \(size) bytes: remove it or restore it")
  }

  /// This server's lasting ID (`ServerStatus.serverId`): a hash of a label keyed by the key, so
  /// it lives as long as the data does, is the same on every node sharing the key, and tells
  /// nothing of the key. Apps check it to know an address still answers as the server they kept.
  var serverID: String {
    let label = Array("blastoise server id".utf8)
    var hash = [UInt8](repeating: 0, count: 16)
    _ = crypto_generichash(&hash, hash.count, label, UInt64(label.count), key, key.count)
    return hash.map { String(format: "%02x", $0) }.joined()
  }

  func seal(_ secret: String) -> String {
    let message = Array(secret.utf8)
    var nonce = [UInt8](repeating: 0, count: Int(crypto_secretbox_NONCEBYTES))
    randombytes_buf(&nonce, nonce.count)
    var box = [UInt8](repeating: 0, count: message.count + Int(crypto_secretbox_MACBYTES))
    _ = crypto_secretbox_easy(&box, message, UInt64(message.count), nonce, key)
    return Data(nonce + box).base64EncodedString()
  }

  func open(_ sealed: String) -> String? {
    let nonceSize = Int(crypto_secretbox_NONCEBYTES)
    guard let data = Data(base64Encoded: sealed), data.count >= nonceSize + Int(crypto_secretbox_MACBYTES) else {
      return nil
    }
    let bytes = Array(data)
    let nonce = Array(bytes[..<nonceSize])
    let box = Array(bytes[nonceSize...])
    var message = [UInt8](repeating: 0, count: box.count - Int(crypto_secretbox_MACBYTES))
    guard crypto_secretbox_open_easy(&message, box, UInt64(box.count), nonce, key) == 0 else { return nil }
    return String(validating: message, as: UTF8.self)
  }
}
