import BlastoiseWebSocket
import Testing

/// Which permessage-deflate offers the server takes (RFC 7692 §7.1) and what it answers.
struct PerMessageDeflateNegotiationTests {
  static let acceptance = "permessage-deflate; server_no_context_takeover; client_no_context_takeover"

  @Test(arguments: [
    "permessage-deflate; client_max_window_bits",  // Chromium
    "permessage-deflate",  // Firefox, Safari
    "permessage-deflate; server_no_context_takeover; client_no_context_takeover",
    "permessage-deflate;client_max_window_bits=10",
    "permessage-deflate; client_max_window_bits=\"12\"",
    "Permessage-Deflate ;\tclient_max_window_bits",
  ])
  func offersBrowsersMakeAreAccepted(offer: String) {
    #expect(PerMessageDeflateNegotiation.serverResponse(toOffers: offer) == Self.acceptance)
  }

  @Test func aFifteenBitServerWindowIsEchoed() {
    #expect(
      PerMessageDeflateNegotiation.serverResponse(toOffers: "permessage-deflate; server_max_window_bits=15")
        == Self.acceptance + "; server_max_window_bits=15")
  }

  @Test(arguments: [
    "permessage-deflate; server_max_window_bits=10",  // we compress once with 15 bits, for everyone
    "permessage-deflate; server_max_window_bits",  // needs a value
    "permessage-deflate; client_max_window_bits=16",
    "permessage-deflate; client_max_window_bits=09",
    "permessage-deflate; client_max_window_bits=7",
    "permessage-deflate; server_no_context_takeover=1",
    "permessage-deflate; client_no_context_takeover; client_no_context_takeover",
    "permessage-deflate; mystery",
    "permessage-deflate;",
    "x-webkit-deflate-frame",
    "",
  ])
  func offersTheServerCannotTakeAreDeclined(offer: String) {
    #expect(PerMessageDeflateNegotiation.serverResponse(toOffers: offer) == nil)
  }

  @Test func theFirstOfferThatCanBeTakenWins() {
    let offers = "x-webkit-deflate-frame, permessage-deflate; server_max_window_bits=9, permessage-deflate"
    #expect(PerMessageDeflateNegotiation.serverResponse(toOffers: offers) == Self.acceptance)
  }

  @Test func aCommaInsideAQuotedValueDoesNotSplitOffers() {
    // One offer of another extension, whose quoted value only looks like a second offer.
    let offers = "x-other; note=\"a, permessage-deflate, b\""
    #expect(PerMessageDeflateNegotiation.serverResponse(toOffers: offers) == nil)
  }

  // The client's side: what the server may answer to the Swift client's plain offer.

  @Test(arguments: [
    "permessage-deflate; server_no_context_takeover; client_no_context_takeover",  // this server's
    "permessage-deflate",
    "Permessage-Deflate; server_max_window_bits=10",  // a smaller window inflates just as well
    "permessage-deflate; client_max_window_bits=15",
  ])
  func answersTheClientCanTakeTurnDeflateOn(answer: String) throws {
    #expect(try PerMessageDeflateNegotiation.clientAccepts(response: answer))
  }

  @Test func noAnswerMeansPlainMessages() throws {
    #expect(try !PerMessageDeflateNegotiation.clientAccepts(response: nil))
    #expect(try !PerMessageDeflateNegotiation.clientAccepts(response: " "))
  }

  @Test(arguments: [
    "x-webkit-deflate-frame",  // not offered
    "permessage-deflate, permessage-deflate",
    "permessage-deflate; mystery",
    "permessage-deflate; server_max_window_bits",
    "permessage-deflate; server_max_window_bits=16",
    "permessage-deflate; server_no_context_takeover; server_no_context_takeover",
    "permessage-deflate; client_no_context_takeover=yes",
  ])
  func answersTheClientMustFailOverAreProtocolErrors(answer: String) {
    #expect(throws: WebSocketProtocolError.self) { try PerMessageDeflateNegotiation.clientAccepts(response: answer) }
  }
}
