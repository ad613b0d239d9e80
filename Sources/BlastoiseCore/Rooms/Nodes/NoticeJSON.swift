import Foundation

/// Notices that carry text of any kind (names, sentences) travel over LISTEN/NOTIFY as JSON,
/// within PostgreSQL's payload limit (it refuses 8000 bytes or more).
enum NoticeJSON {
  static let payloadLimit = 7900

  /// The payload; nil when it would not fit one (then the other nodes do without the notice).
  static func payload(_ notice: some Encodable) -> String? {
    guard let data = try? JSONEncoder().encode(notice), data.count <= payloadLimit else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// A notice read from a payload; nil for anything that is not one (another program may NOTIFY
  /// the same channel).
  static func notice<Notice: Decodable>(_ type: Notice.Type, from payload: String) -> Notice? {
    guard payload.utf8.count <= payloadLimit else { return nil }
    return try? JSONDecoder().decode(type, from: Data(payload.utf8))
  }
}
