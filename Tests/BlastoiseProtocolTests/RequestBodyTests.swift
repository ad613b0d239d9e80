import BlastoiseProtocol
import Foundation
import Testing

/// Request bodies: clients encode the same types the server decodes, and the strict ones refuse
/// keys they do not know (a typo is an error, not a silently ignored field).
@Suite struct RequestBodyTests {
  private func roundTrip<T: Codable & Equatable>(_ value: T) throws -> String {
    let json = try WireSamples.serverJSON(value)
    #expect(try WireSamples.decode(T.self, json) == value)
    return json
  }

  @Test func everyBodyRoundTripsWithItsWireKeys() throws {
    #expect(try roundTrip(Credentials(username: "ann", password: "pw")) == #"{"password":"pw","username":"ann"}"#)
    #expect(try roundTrip(NameAndDescription(name: "Main", description: nil)) == #"{"name":"Main"}"#)
    #expect(try roundTrip(PlaylistChanges(isPublic: true)) == #"{"isPublic":true}"#)
    #expect(try roundTrip(JumpRequest(index: 3)) == #"{"index":3}"#)
    #expect(try roundTrip(SeekRequest(timestamp: 45.5)) == #"{"timestamp":45.5}"#)
    #expect(try roundTrip(ModeRequest(mode: "shuffle")) == #"{"mode":"shuffle"}"#)
    #expect(try roundTrip(ListEditRequest(.add(["sha256:a"], insertAt: 1))) == #"{"add":["sha256:a"],"insertAt":1}"#)
    #expect(try roundTrip(ListEditRequest(.add(["sha256:a"], insertAt: nil))) == #"{"add":["sha256:a"]}"#)
    #expect(try roundTrip(ListEditRequest(.move([0, 2], to: 5))) == #"{"move":[0,2],"to":5}"#)
    #expect(try roundTrip(ListEditRequest(.remove([1]))) == #"{"remove":[1]}"#)
    #expect(try roundTrip(ListEditRequest(.set([]))) == #"{"set":[]}"#)
    #expect(try roundTrip(ImportRequest(url: "https://x.example/a")) == #"{"url":"https://x.example/a"}"#)
    let confirm = ImportConfirmRequest(playlistTitle: "P", items: [ImportItem(id: "1", url: "https://x/1", title: "1")])
    #expect(try roundTrip(confirm).contains(#""playlistTitle":"P""#))
  }

  @Test func strictBodiesRefuseUnknownKeys() {
    let refused: [(any Decodable.Type, String)] = [
      (Credentials.self, #"{"username":"a","password":"b","admin":true}"#),
      (NameAndDescription.self, #"{"name":"a","colour":"red"}"#),
      (PlaylistChanges.self, #"{"public":true}"#),
      (ListEditRequest.self, #"{"set":[],"sort":"title"}"#),
      (ImportRequest.self, #"{"url":"https://x","format":"mp3"}"#),
      (ImportConfirmRequest.self, #"{"items":[],"title":"P"}"#),
    ]
    for (type, json) in refused {
      #expect(throws: DecodingError.self, "\(type) took \(json)") {
        _ = try JSONDecoder().decode(type, from: Data(json.utf8))
      }
    }
  }

  @Test func importAnswersRoundTripByTheirType() throws {
    let single = ImportAnswer.single(ImportSingleResponse(id: "job", title: "A"))
    #expect(try roundTrip(single).contains(#""type":"single""#))
    let playlist = ImportAnswer.playlist(
      ImportPlaylistResponse(title: "P", items: [ImportItem(id: "0", url: "u", title: "t")]))
    #expect(try roundTrip(playlist).contains(#""requiresConfirmation":true"#))
  }
}
