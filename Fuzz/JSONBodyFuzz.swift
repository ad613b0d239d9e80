import BlastoiseHTTP
import BlastoiseProtocol
import Foundation

// libFuzzer entry for the typed JSON a request carries: every route's body type, decoded as the
// routes do (`JSONCoding.decodeBody`), and the messages a client sends on a room socket. The
// first byte picks the type, the rest is the JSON. Besides crashes it traps when
//   - decoding fails with anything but a 400;
//   - a decoded value does not encode, or does not decode again to itself;
//   - a body type that refuses unknown fields takes one (added to a body it accepted);
//   - a socket message's action is known although no action is spelled so, or the other way round.

private func check<Body: Codable & Equatable>(_ type: Body.Type, strict: Bool, _ json: [UInt8]) {
  let body: Body
  do {
    body = try JSONCoding.decodeBody(type, from: json)
  } catch {
    if error.status != .badRequest { fatalError("\(Body.self): \(error) for \(json)") }
    return
  }
  guard let encoded = try? JSONCoding.encoder.encode(body) else { fatalError("\(body) does not encode") }
  guard (try? JSONCoding.decodeBody(type, from: Array(encoded))) == body else {
    fatalError("\(body) does not decode from \(String(decoding: encoded, as: UTF8.self))")
  }
  guard strict, var object = try? JSONSerialization.jsonObject(with: encoded) as? [String: Any] else { return }
  object["unknownField"] = 1
  let extended = try! JSONSerialization.data(withJSONObject: object)
  if (try? JSONCoding.decodeBody(type, from: Array(extended))) != nil {
    fatalError("\(Body.self) took an unknown field")
  }
}

private let bodies: [@Sendable ([UInt8]) -> Void] = [
  { check(Credentials.self, strict: true, $0) },
  { check(NameAndDescription.self, strict: true, $0) },
  { check(PlaylistChanges.self, strict: true, $0) },
  { check(ListEditRequest.self, strict: true, $0) },
  { check(ImportRequest.self, strict: true, $0) },
  { check(ImportConfirmRequest.self, strict: true, $0) },
  { check(JumpRequest.self, strict: false, $0) },
  { check(SeekRequest.self, strict: false, $0) },
  { check(ModeRequest.self, strict: false, $0) },
  { json in
    check(ClientSocketMessage.self, strict: false, json)
    // An action is known exactly when it is spelled as one.
    guard let message = try? JSONDecoder().decode(ClientSocketMessage.self, from: Data(json)) else { return }
    let spelled = SocketAction.allCases.contains { $0.rawValue == message.action }
    if (message.knownAction?.rawValue == message.action) != spelled {
      fatalError("'\(message.action)' is taken as \(String(describing: message.knownAction))")
    }
  },
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONBodies(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  bodies[Int(data[0]) % bodies.count](Array(UnsafeBufferPointer(start: data + 1, count: size - 1)))
  return 0
}
