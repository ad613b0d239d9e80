import BlastoiseHTTP
import Foundation
import Testing

@Suite struct GzipJSONTests {
  struct Item: Encodable, Equatable {
    let id: Int
    let name: String
    let tags: [String]
  }

  static let items = (0..<2_500).map { Item(id: $0, name: "Track \($0) · ünïcode", tags: $0 % 3 == 0 ? [] : ["a/b"]) }

  static func request(_ acceptEncoding: String?) throws -> HTTPRequest {
    HTTPRequest(
      method: .get, target: try RequestTarget(parsing: "/api/library"),
      headers: HTTPHeaders(acceptEncoding.map { [("Accept-Encoding", $0)] } ?? []))
  }

  @Test func inflatesToTheBytesTheWholeArrayEncodesTo() throws {
    let whole = [UInt8](try JSONCoding.encoder.encode(Self.items))
    for chunk in [1, 7, 1_000, 10_000] {
      let answer = try #require(GzipJSON(array: Self.items, chunk: chunk))
      #expect(GzipJSON.inflate(answer.compressed) == whole)
      #expect(answer.compressed.count < whole.count / 4)
    }
    let empty = try #require(GzipJSON(array: [Item]()))
    #expect(GzipJSON.inflate(empty.compressed) == Array("[]".utf8))
  }

  @Test func goesCompressedOnlyToClientsThatTakeGzip() throws {
    let answer = try #require(GzipJSON(array: Self.items))
    let whole = [UInt8](try JSONCoding.encoder.encode(Self.items))
    for header in ["gzip", "gzip, deflate, br", "deflate, GZIP;q=0.5", "*"] {
      let response = answer.response(for: try Self.request(header))
      #expect(response.headers["Content-Encoding"] == "gzip", "\(header)")
      guard case .bytes(let body) = response.body else { Issue.record("no bytes"); continue }
      #expect(body == answer.compressed)
    }
    for header in [nil, "identity", "br", "gzip;q=0", "gzip; q=0.0"] {
      let response = answer.response(for: try Self.request(header))
      #expect(response.headers["Content-Encoding"] == nil, "\(header ?? "none")")
      #expect(response.headers["Content-Type"] == "application/json")
      guard case .bytes(let body) = response.body else { Issue.record("no bytes"); continue }
      #expect(body == whole)
    }
  }
}
