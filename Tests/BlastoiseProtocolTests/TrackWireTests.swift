import BlastoiseProtocol
import Foundation
import Testing

/// `Track` on the wire: the seed's fields, and our additive `coverId` (null without a cover).
@Suite struct TrackWireTests {
  @Test func coverIdIsWrittenAndNullWithoutACover() throws {
    let id = String(repeating: "ab", count: 32)
    var track = WireSamples.track
    #expect(try WireSamples.serverJSON(track).contains(#""coverId":null"#))
    track.coverID = id
    let json = try WireSamples.serverJSON(track)
    #expect(json.contains(#""coverId":"\#(id)""#))
    #expect(try WireSamples.decode(Track.self, json) == track)
  }

  @Test func answersWithoutCoverIdDecodeWithout() throws {
    let track = try WireSamples.decode(Track.self, #"{"id":"sha256:ab","filename":"a.mp3","duration":1}"#)
    #expect(track.coverID == nil)
  }

  @Test func coverURLsTakeTheSizesAndFormatsTheServerAnswers() {
    #expect(APIRoute.cover.path("ab") + "?size=" + CoverSize.px256.rawValue == "/api/covers/ab?size=256")
    #expect(CoverSize.allCases.map(\.pixels) == [64, 128, 256, 512, nil])
    #expect(CoverFormat.webp.contentType == "image/webp")
  }
}
