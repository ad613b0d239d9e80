import BlastoiseHTTP
import BlastoiseProtocol
import Foundation
import Testing

@Suite struct ErrorBodyTests {
  /// The HTTP edge writes its error answers without BlastoiseProtocol (it knows nothing of the
  /// app); clients read them as `ErrorBody`, so the two must agree.
  @Test func theHTTPEdgesErrorAnswerIsAnErrorBody() throws {
    guard case .bytes(let bytes) = HTTPResponse.error(HTTPError(.notFound, "No such room")).body else {
      Issue.record("not a byte body")
      return
    }
    #expect(try JSONDecoder().decode(ErrorBody.self, from: Data(bytes)) == ErrorBody(error: "No such room"))
  }
}
