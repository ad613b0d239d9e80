import BlastoiseCore
import Testing

/// The notices by which nodes tell each other of a person's annotations and of what their apps
/// play: what is sent is read back, and what is not ours is not read.
@Suite struct NodeNoticeTests {
  @Test func anAnnotationNoticeNamesTheNodeAndThePerson() {
    let notice = AnnotationNotice(nodeID: "0a1b2c3d", userID: 42)
    #expect(AnnotationNotice(payload: notice.payload) == notice)
    for payload in ["", "42", ":42", "n1:", "n1:-3", "n1:x", "n1:4.5", String(repeating: "n", count: 200) + ":1"] {
      #expect(AnnotationNotice(payload: payload) == nil, "\(payload)")
    }
  }

  @Test func aPlaybackReportNoticeCarriesTheReportWhole() throws {
    let reports = [
      PlaybackReport(trackID: "sha256:ab", player: "Symfonium", state: .playing, position: 1_250, rate: 1.5, at: 99),
      PlaybackReport(trackID: "ep:1", player: "zoë \"z\" <b>\n", state: nil, position: nil, rate: 1, at: 7),
    ]
    for report in reports {
      let notice = PlaybackReportNotice(nodeID: "n1", username: "ana", report: report)
      #expect(PlaybackReportNotice(payload: try #require(notice.payload)) == notice)
    }
    let long = PlaybackReport(
      trackID: "t", player: String(repeating: "p", count: 8_000), state: .paused, position: 0, rate: 1, at: 0)
    #expect(PlaybackReportNotice(nodeID: "n1", username: "ana", report: long).payload == nil)
  }

  @Test func otherPlaybackPayloadsAreNotOurs() {
    let payloads = [
      "", "n1:3", "{}", #"{"nodeID":"n1","username":"ana"}"#,
      #"{"nodeID":"","username":"ana","report":{"trackID":"t","player":"p","rate":1,"at":0}}"#,
      #"{"nodeID":"n1","username":"ana","report":{"trackID":"t","player":"p","state":"sung","rate":1,"at":0}}"#,
    ]
    for payload in payloads {
      #expect(PlaybackReportNotice(payload: payload) == nil, "\(payload)")
    }
  }
}
