import BlastoiseCore
import BlastoiseHTTP
import BlastoiseSubsonic

/// Replies of the endpoints marked `kept`, each person's own, answered again from memory while
/// the library (its generation) and that person's annotations (their version) are as they were:
/// apps ask for the same albums and searches again and again, and writing a reply costs more
/// than reading it. Keyed by the method, the format, the person and the parameters (without the
/// credentials and the app's name, in one order); only small replies (a search's, an album's)
/// are kept, not a full sync's pages.
struct SubsonicReplies: Sendable {
  static let largestBytes = 64 << 10
  /// What says who asks and how, not what: not part of the key.
  static let credentials: Set<String> = ["u", "p", "t", "s", "apiKey", "c", "v", "f", "callback"]

  let cache = AnswerCache<HTTPResponse>(capacityBytes: 32 << 20)
  let generation: @Sendable () -> UInt64
  let version: @Sendable (Int) -> RememberedAnnotations.Version

  /// Where to look for, and keep, a reply: the key and the generation, taken before the reply is
  /// made (so one made across a change is kept under what came before it, and never served).
  struct Slot: Sendable {
    let key: String
    let generation: UInt64
  }

  func slot(method: String, format: SubsonicReply.Format, call: SubsonicCall) -> Slot {
    let generation = generation()
    let asked = call.parameters.pairs.filter { !Self.credentials.contains($0.name) }
      .enumerated().sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }
      .map { $0.element.name + "=" + $0.element.value }
    let who = "\(call.caller.userID)@\(version(call.caller.userID))"
    return Slot(key: ([method, "\(format)", who] + asked).joined(separator: "\u{0}"), generation: generation)
  }

  func reply(in slot: Slot) -> HTTPResponse? { cache.cached(slot.key, generation: slot.generation) }

  func keep(_ reply: HTTPResponse, bytes: Int, in slot: Slot) {
    guard bytes <= Self.largestBytes else { return }
    cache.keep(reply, bytes: bytes, for: slot.key, generation: slot.generation)
  }
}
