import BlastoiseHTTP
import Foundation
import Synchronization

// libFuzzer entry for request heads sent to the real server: libmicrohttpd reads the request
// line and header lines, our layers the method, target, headers, declared body and upgrade. An
// odd first byte sends the rest of the input as it is (any bytes, pipelined requests, bodies);
// an even one builds a head from its lines: method, target, then `name: value` header lines.
// Besides crashes and sanitizer reports it traps when the server answers with a 5xx or hangs,
// when a handler gets a body not declared as JSON, and, when a built head reaches a handler,
// when that handler sees another method, target or header fields than were sent, or a header
// lookup (in any letter case) misses the first field of that name.

private let seen = Mutex<HTTPRequest?>(nil)

private let server = FuzzServer { router in
  let record: @Sendable (HTTPRequest) -> HTTPResponse = { request in
    seen.withLock { $0 = request }
    return .text("ok")
  }
  router.immediate(.post, "/json", body: .smallJSON) { record($0) }
  router.on(.get, "/async/*rest") { record($0) }
  router.immediate(.get, "/socket") { request throws(HTTPError) in
    try WebSocketUpgrade.response(for: request) { _ in WebSocketCallbacks(onText: { _, _ in }) }
  }
  for method in HTTPMethod.allCases { router.immediate(method, "/*rest") { record($0) } }
}

private struct BuiltHead {
  let method: String
  let target: String
  let fields: [(name: String, value: String)]
  let bytes: [UInt8]

  init(_ text: String) {
    // By scalar: "\r\n" is one `Character`, which is not "\n".
    let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
      String(String.UnicodeScalarView($0.filter { $0 != "\r" && $0 != "\0" }))
    }
    // Without blanks: how many may stand between the request line's parts is libmicrohttpd's call.
    let word = { (line: String) in String(line.unicodeScalars.filter { $0 != " " && $0 != "\t" }) }
    method = word(lines[0])
    target = lines.count > 1 ? word(lines[1]) : "/"
    // Only `name: value` lines: a blank line would end the head early, one starting with a blank
    // continues the field before it (obsolete folding), and what libmicrohttpd makes of a line
    // without a name is its business. It drops the blanks before a value, not those after.
    let fieldLines = lines.dropFirst(2).filter { line in
      let scalars = line.unicodeScalars
      guard let colon = scalars.firstIndex(of: ":"), let first = scalars.first else { return false }
      return colon != scalars.startIndex && first != " " && first != "\t"
    }
    fields = fieldLines.map { line in
      let parts = line.unicodeScalars.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      return (String(parts[0]), String(parts[1].drop { $0 == " " || $0 == "\t" }))
    }
    let head = (["\(method) \(target) HTTP/1.1"] + fieldLines).joined(separator: "\r\n") + "\r\n\r\n"
    bytes = Array(head.utf8)
  }

  func check(_ request: HTTPRequest) {
    func require(_ condition: Bool, _ what: String) {
      if !condition { fatalError("\(what) differs for \(String(decoding: bytes, as: UTF8.self).debugDescription)") }
    }
    require(request.method.rawValue == method, "the method")
    let parsed = try? RequestTarget(parsing: target)
    require(parsed == request.target, "the target")
    let received = request.headers.map { "\($0.name): \($0.value)" }
    require(received == fields.map { "\($0.name): \($0.value)" }, "the header list \(received)")
    for field in fields where field.name.utf8.allSatisfy({ $0 < 0x80 }) {
      let name = field.name.asciiCase(upper: false)
      let first = fields.first { $0.name.asciiCase(upper: false) == name }?.value
      for spelling in [field.name, name, field.name.asciiCase(upper: true)] {
        require(request.headers[spelling] == first, "the header \(spelling)")
      }
    }
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestHead(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let rest = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  seen.withLock { $0 = nil }
  let head = data[0] & 1 == 1 ? nil : BuiltHead(String(decoding: rest, as: UTF8.self))
  _ = server.exchange(head?.bytes ?? rest)
  guard let request = seen.withLock({ $0 }) else { return 0 }
  head?.check(request)
  // Only `POST /json` takes a body, and only one declared JSON.
  if !request.body.isEmpty, request.headers["Content-Type"]?.lowercased().hasPrefix("application/json") != true {
    fatalError("a body of \(request.body.count) bytes came in as \(request.headers["Content-Type"] ?? "no type")")
  }
  return 0
}
