import Foundation

/// The rules of tus 1.0 (tus.io/protocols/resumable-upload) the server keeps, apart from any
/// I/O: versions, `Upload-Metadata`, `Upload-Checksum`, the `Upload-Expires` date, upload IDs.
public enum Tus {
  public static let version = "1.0.0"
  public static let extensions = "creation,termination,expiration,checksum"
  public static let checksumAlgorithms = "sha1,sha256"
  /// PATCH bodies must say they are this.
  public static let patchContentType = "application/offset+octet-stream"
  /// An upload not finished this long after its creation is removed.
  public static let lifetimeMilliseconds: Int64 = 24 * 3_600_000

  public enum ChecksumAlgorithm: String, Sendable, Equatable { case sha1, sha256 }

  /// `Upload-Checksum: <algorithm> <base64 digest>`.
  public struct Checksum: Sendable, Equatable {
    public var algorithm: ChecksumAlgorithm
    public var digest: [UInt8]

    public init(algorithm: ChecksumAlgorithm, digest: [UInt8]) {
      self.algorithm = algorithm
      self.digest = digest
    }
  }

  public enum HeaderError: Error, Equatable {
    case malformed(String)
    /// A checksum algorithm the server does not know (tus: 400).
    case unsupportedAlgorithm(String)
  }

  public static func checksum(_ header: String) throws(HeaderError) -> Checksum {
    let parts = header.split(separator: " ", omittingEmptySubsequences: true)
    guard parts.count == 2 else { throw .malformed("Upload-Checksum must be '<algorithm> <base64 digest>'") }
    guard let algorithm = ChecksumAlgorithm(rawValue: parts[0].lowercased()) else {
      throw .unsupportedAlgorithm(String(parts[0].prefix(32)))
    }
    guard let digest = Data(base64Encoded: String(parts[1])),
      digest.count == (algorithm == .sha1 ? 20 : 32)
    else { throw .malformed("Upload-Checksum's digest is not a base64 \(algorithm.rawValue)") }
    return Checksum(algorithm: algorithm, digest: [UInt8](digest))
  }

  /// `Upload-Metadata`: comma-separated `key base64value` pairs (a key alone has no value).
  /// Keys are unique, ASCII without spaces or commas; values must be UTF-8.
  public static func metadata(_ header: String) throws(HeaderError) -> [String: String] {
    var pairs: [String: String] = [:]
    guard header.utf8.count <= 8_192 else { throw .malformed("Upload-Metadata is longer than 8192 bytes") }
    for item in header.split(separator: ",") {
      let parts = item.trimmingCharacters(in: .whitespaces).split(separator: " ", omittingEmptySubsequences: true)
      guard (1...2).contains(parts.count), let key = parts.first, key.allSatisfy({ $0.isASCII && !$0.isWhitespace })
      else { throw .malformed("Upload-Metadata must be 'key base64,key base64…'") }
      guard pairs[String(key)] == nil else { throw .malformed("Upload-Metadata names '\(key.prefix(32))' twice") }
      var value = ""
      if parts.count == 2 {
        guard let data = Data(base64Encoded: String(parts[1])), let text = String(data: data, encoding: .utf8) else {
          throw .malformed("Upload-Metadata's '\(key.prefix(32))' is not base64 of UTF-8 text")
        }
        value = text
      }
      pairs[String(key)] = value
    }
    return pairs
  }

  /// Server-made upload IDs: 32 lower-case hex digits. Anything else names no upload.
  public static func isUploadID(_ text: String) -> Bool {
    text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }

  /// RFC 9110's IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), as `Upload-Expires` is written.
  public static func httpDate(milliseconds: Int64) -> String {
    let days = CivilDate.days(ofMilliseconds: milliseconds)
    let (year, month, day) = CivilDate.civil(fromDays: days)
    let seconds = Int((milliseconds - Int64(days) * 86_400_000) / 1_000)
    let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let weekday = weekdays[((days % 7) + 7) % 7]
    return "\(weekday), \(two(day)) \(months[month - 1]) \(year) "
      + "\(two(seconds / 3_600)):\(two(seconds / 60 % 60)):\(two(seconds % 60)) GMT"
  }
}
