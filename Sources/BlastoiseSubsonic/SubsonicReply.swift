/// A whole Subsonic answer: the `subsonic-response` envelope around an element (or an error), in
/// the format the request asked for (`f`: `xml`, the default; `json`; `jsonp` with `callback`).
public struct SubsonicReply: Sendable, Equatable {
  /// The Subsonic API version answers follow.
  public static let apiVersion = "1.16.1"

  public enum Format: Sendable, Equatable {
    case xml
    case json
    /// JSON wrapped in a call of `callback` (a JavaScript name, checked).
    case jsonp(callback: String)
  }

  /// The reply's bytes (UTF-8).
  public let bytes: [UInt8]
  public let contentType: String

  /// The reply as text.
  public var body: String { String(decoding: bytes, as: UTF8.self) }

  /// An answer of one element, or of the envelope alone (nil). `serverVersion` is Blastoise's own.
  public init(_ content: Result<SubsonicElement?, SubsonicFailure>, format: Format, serverVersion: String) {
    self.init(
      content: content.map { element in element.map { [.one($0)] } ?? [] }, format: format, serverVersion: serverVersion
    )
  }

  /// An answer whose content sits right in the envelope (`getOpenSubsonicExtensions`' list).
  public init(content: Result<[SubsonicChildren], SubsonicFailure>, format: Format, serverVersion: String) {
    var envelope = SubsonicElement(
      "subsonic-response",
      [
        "status": content.isSuccess ? "ok" : "failed", "version": Self.apiVersion, "type": "blastoise",
        "serverVersion": serverVersion, "openSubsonic": true,
      ])
    switch content {
    case .success(let children): envelope.children = children
    case .failure(let failure): envelope.children = [.one(failure.element)]
    }
    var output = SubsonicOutput(capacity: 4096)
    switch format {
    case .xml:
      SubsonicXML.document(envelope, into: &output)
      contentType = "application/xml; charset=utf-8"
    case .json:
      SubsonicJSON.document(envelope, into: &output)
      contentType = "application/json; charset=utf-8"
    case .jsonp(let callback):
      output.append(callback)
      output.append("(")
      SubsonicJSON.document(envelope, into: &output)
      output.append(");")
      contentType = "application/javascript; charset=utf-8"
    }
    bytes = output.bytes
  }

  /// The format `f` and `callback` ask for. An unknown `f` is XML, as other servers answer it;
  /// `jsonp` needs a callback that is a JavaScript name (letters, digits, `_`, `$`, dots).
  public static func format(_ parameters: SubsonicParameters) -> Result<Format, SubsonicFailure> {
    switch parameters.string("f")?.lowercased() {
    case "json": return .success(.json)
    case "jsonp":
      guard let callback = parameters.string("callback"), isName(callback) else {
        return .failure(SubsonicFailure(.missingParameter, "f=jsonp needs a callback that is a JavaScript name"))
      }
      return .success(.jsonp(callback: callback))
    default: return .success(.xml)
    }
  }

  private static func isName(_ text: String) -> Bool {
    guard (1...64).contains(text.utf8.count), let first = text.utf8.first, !(48...57).contains(first) else {
      return false
    }
    return text.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "."):
        true
      default: false
      }
    }
  }
}

extension Result {
  fileprivate var isSuccess: Bool {
    if case .success = self { return true }
    return false
  }
}
