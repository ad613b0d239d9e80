import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol

/// A catalog answer as the store read it, encoded once, with where each annotated item's JSON
/// object ends: a person's annotations go in there as its last fields, so an answer costs one
/// annotation read per kind and a copy, not a JSONEncoder run (which is most of a page of 100
/// albums' time). Items carry no annotation fields as read, so none is ever sent twice; the
/// fields put in come after the item's others (JSON objects are unordered).
struct EncodedRead: Sendable {
  struct Slot: Sendable {
    /// The offset of the item's closing brace.
    let end: Int
    let kind: AnnotatedKind
    let id: String
  }

  let body: [UInt8]
  /// In body order.
  let slots: [Slot]

  init(_ answer: some Encodable & Sendable) throws {
    body = Array(try JSONCoding.encoder.encode(answer))
    let lists = (answer as? any PersonalAnswer)?.annotatedLists ?? []
    guard !lists.isEmpty else {
      slots = []
      return
    }
    let ends = JSONItemEnds.of(body)
    var slots: [Slot] = []
    for list in lists {
      let listEnds = ends[list.key] ?? []
      guard listEnds.count == list.ids.count else {
        throw HTTPError(.internalServerError, "Could not encode the response")
      }
      slots += zip(listEnds, list.ids).map { Slot(end: $0, kind: list.kind, id: $1) }
    }
    self.slots = slots.sorted { $0.end < $1.end }
  }

  /// What it keeps in memory, about: its bytes and its items' IDs.
  var weight: Int { body.count + slots.reduce(0) { $0 + $1.id.utf8.count + 32 } }

  /// The answer for a guest (no view) or, with the view's person's annotations, for them.
  func shown(to view: PersonalView?) async throws -> HTTPResponse {
    guard let view, !slots.isEmpty else { return Self.response(body) }
    var found: [AnnotatedKind: [String: Annotation]] = [:]
    for kind in AnnotatedKind.allCases {
      let ids = slots.filter { $0.kind == kind }.map(\.id)
      if !ids.isEmpty {
        found[kind] = try await view.annotations.annotations(kind: kind, ids: ids, userID: view.userID)
      }
    }
    var shown: [UInt8] = []
    var copied = 0
    for slot in slots {
      guard let annotation = found[slot.kind]?[slot.id], !annotation.isEmpty else { continue }
      if shown.isEmpty { shown.reserveCapacity(body.count + 1024) }
      // `{"favourite":true,…}` without its braces, after the item's last field.
      let fields = try JSONCoding.encoder.encode(annotation).dropFirst().dropLast()
      shown += body[copied..<slot.end]
      shown.append(UInt8(ascii: ","))
      shown += fields
      copied = slot.end
    }
    guard copied > 0 else { return Self.response(body) }
    shown += body[copied...]
    return Self.response(shown)
  }

  private static func response(_ bytes: [UInt8]) -> HTTPResponse {
    HTTPResponse(headers: HTTPHeaders([("Content-Type", "application/json")]), body: .bytes(bytes))
  }
}

/// Where the items of a JSON object's top-level keys end: for each key whose value is an object,
/// that object's closing brace; for one whose value is an array, each object element's.
enum JSONItemEnds {
  static func of(_ json: [UInt8]) -> [String: [Int]] {
    var ends: [String: [Int]] = [:]
    var open: [UInt8] = []  // the containers around the current byte, outermost first
    var inString = false
    var escaped = false
    var stringStart = 0
    var lastString = ""
    var key: String?
    for (offset, byte) in json.enumerated() {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          if open.count == 1 { lastString = String(decoding: json[stringStart..<offset], as: UTF8.self) }
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
        stringStart = offset + 1
      case UInt8(ascii: ":") where open.count == 1:
        key = lastString
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        open.append(byte)
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if byte == UInt8(ascii: "}"), let key,
          open.count == 2 || (open.count == 3 && open[1] == UInt8(ascii: "["))
        {
          ends[key, default: []].append(offset)
        }
        open.removeLast()
      default:
        break
      }
    }
    return ends
  }
}
