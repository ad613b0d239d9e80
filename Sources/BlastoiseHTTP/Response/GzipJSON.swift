import CZlib
import Foundation

/// A large JSON answer kept gzip-compressed (RFC 1952): a 100,000-track `/api/library` is some
/// 50 MB of JSON and under a tenth of that compressed. It is built piece by piece, so the whole
/// text never exists at once, and sent as it is to every client that accepts gzip (browsers,
/// URLSession, OkHttp all do); anyone else gets it inflated for that answer only.
public struct GzipJSON: Sendable {
  public let compressed: [UInt8]

  /// `items` as one JSON array (`JSONCoding.encoder`, the bytes `HTTPResponse.json` would send),
  /// encoded `chunk` items at a time into the compressed stream. Nil if encoding fails.
  public init?<Item: Encodable>(array items: [Item], chunk: Int = 1000) {
    let deflater = Deflater()
    guard deflater.isReady else { return nil }
    var first = true
    var start = 0
    deflater.append(Array("[".utf8))
    while start < items.count {
      let end = min(start + chunk, items.count)
      guard let data = try? JSONCoding.encoder.encode(Array(items[start..<end])), data.count >= 2 else { return nil }
      // The chunk's own array, without its brackets.
      if !first { deflater.append(Array(",".utf8)) }
      data.withUnsafeBytes { raw in deflater.append(UnsafeRawBufferPointer(rebasing: raw[1..<(raw.count - 1)])) }
      first = false
      start = end
    }
    deflater.append(Array("]".utf8))
    guard let compressed = deflater.finish() else { return nil }
    self.compressed = compressed
  }

  /// Whether a request's `Accept-Encoding` takes gzip (not refused with `q=0`).
  public static func accepted(by request: HTTPRequest) -> Bool {
    request.headers.values("Accept-Encoding").flatMap { $0.split(separator: ",") }.contains { entry in
      let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
      guard let coding = parts.first, coding == "gzip" || coding == "x-gzip" || coding == "*" else { return false }
      let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.map { Double($0.dropFirst(2)) ?? 0 } ?? 1
      return quality > 0
    }
  }

  /// The answer for `request`: the compressed bytes with `Content-Encoding: gzip`, or inflated.
  public func response(for request: HTTPRequest) -> HTTPResponse {
    var response: HTTPResponse
    if Self.accepted(by: request) {
      response = HTTPResponse(body: .bytes(compressed))
      response.headers.add("Content-Encoding", "gzip")
    } else if let inflated = Self.inflate(compressed) {
      response = HTTPResponse(body: .bytes(inflated))
    } else {
      return .error(HTTPError(.internalServerError, "Could not encode the response"))
    }
    response.headers.add("Content-Type", "application/json")
    response.headers.add("Vary", "Accept-Encoding")
    return response
  }

  /// The bytes a gzip stream holds; nil if it is not one.
  public static func inflate(_ gzip: [UInt8]) -> [UInt8]? {
    var stream = z_stream()
    // 15 + 16: a gzip header and trailer around the deflate stream.
    guard inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var input = gzip
    var status = Z_OK
    input.withUnsafeMutableBufferPointer { input in
      stream.next_in = input.baseAddress
      stream.avail_in = UInt32(input.count)
      repeat {
        let produced = buffer.withUnsafeMutableBufferPointer { out -> Int in
          stream.next_out = out.baseAddress
          stream.avail_out = UInt32(out.count)
          status = CZlib.inflate(&stream, Z_NO_FLUSH)
          return out.count - Int(stream.avail_out)
        }
        output += buffer[..<produced]
      } while status == Z_OK
    }
    return status == Z_STREAM_END ? output : nil
  }
}

/// zlib's deflate into a gzip stream, fed in pieces. The `z_stream` lives at one address for its
/// whole life, as zlib requires (its state points back at it).
private final class Deflater {
  private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
  private var output: [UInt8] = []
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)
  private(set) var isReady = false
  private var ended = false

  init() {
    stream.initialize(to: z_stream())
    // Level 6, a gzip wrapper (15 + 16), 8: zlib's default memory level.
    isReady =
      deflateInit2_(
        stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
      == Z_OK
  }

  deinit {
    if isReady && !ended { deflateEnd(stream) }
    stream.deallocate()
  }

  func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { append($0) }
  }

  func append(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
    stream.pointee.avail_in = UInt32(bytes.count)
    while stream.pointee.avail_in > 0 {
      guard run(Z_NO_FLUSH) == Z_OK else { return }
    }
  }

  /// Ends the stream and hands back everything it produced.
  func finish() -> [UInt8]? {
    stream.pointee.next_in = nil
    stream.pointee.avail_in = 0
    var status = Z_OK
    while status == Z_OK { status = run(Z_FINISH) }
    deflateEnd(stream)
    ended = true
    return status == Z_STREAM_END ? output : nil
  }

  private func run(_ flush: Int32) -> Int32 {
    var status = Z_OK
    let produced = buffer.withUnsafeMutableBufferPointer { out -> Int in
      stream.pointee.next_out = out.baseAddress
      stream.pointee.avail_out = UInt32(out.count)
      status = deflate(stream, flush)
      return out.count - Int(stream.pointee.avail_out)
    }
    output += buffer[..<produced]
    return status
  }
}
