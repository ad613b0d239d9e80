import Foundation

/// The one JSON configuration of the wire, and decoding that turns mistakes into 400s.
public enum JSONCoding {
  public static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
    return encoder
  }()

  /// Decodes a request body; any failure is a 400 whose message names the field at fault.
  public static func decodeBody<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(HTTPError) -> T {
    guard !bytes.isEmpty else { throw HTTPError(.badRequest, "A JSON body is required") }
    do {
      return try JSONDecoder().decode(type, from: Data(bytes))
    } catch let DecodingError.keyNotFound(key, _) {
      throw HTTPError(.badRequest, "Missing field '\(key.stringValue)'")
    } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
      throw HTTPError(.badRequest, "Wrong type for '\(fieldPath(context.codingPath))'")
    } catch let DecodingError.dataCorrupted(context) where context.debugDescription.hasPrefix("Unknown field") {
      throw HTTPError(.badRequest, context.debugDescription)
    } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
      throw HTTPError(.badRequest, "Invalid value for '\(fieldPath(context.codingPath))'")
    } catch {
      throw HTTPError(.badRequest, "Malformed JSON body")
    }
  }

  private static func fieldPath(_ path: [any CodingKey]) -> String {
    path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
  }
}
