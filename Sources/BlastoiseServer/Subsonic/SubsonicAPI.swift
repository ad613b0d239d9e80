import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol
import BlastoiseSubsonic

/// The Subsonic API's one entry: reads the parameters (the query's, then a form body's), finds
/// the endpoint by its method name (`.view` or not), checks who asks, and answers in the format
/// asked for. Errors are answers too, on HTTP 200, as the API says; only media is sent as is.
struct SubsonicAPI: Sendable {
  let endpoints: [String: SubsonicEndpoint]
  let callers: SubsonicCallers
  let replies: SubsonicReplies
  let serverVersion: String

  func answer(_ request: HTTPRequest) async -> HTTPResponse {
    let parameters: SubsonicParameters
    do {
      parameters = try Self.parameters(of: request)
    } catch {
      return reply(SubsonicFailure(.generic, error.message), .xml)
    }
    let format: SubsonicReply.Format
    switch SubsonicReply.format(parameters) {
    case .success(let asked): format = asked
    case .failure(let failure): return reply(failure, .xml)
    }
    let name = Self.methodName(request.pathParameter("method"))
    guard let endpoint = endpoints[name] else {
      return reply(SubsonicFailure(.generic, "Unknown API method '\(name.prefix(60))'"), format)
    }
    do {
      var call: SubsonicCall?
      if case .caller(let permission) = endpoint.access {
        let caller = try AccessPolicy.require(permission, of: try await callers.caller(parameters, request))
        call = SubsonicCall(request: request, parameters: parameters, caller: caller)
      }
      let slot = endpoint.kept ? call.map { replies.slot(method: name, format: format, call: $0) } : nil
      if let slot, let kept = replies.reply(in: slot) { return kept }
      switch try await endpoint.run(call) {
      case .content(let content):
        let (response, bytes) = reply(.success(content), format)
        if let slot { replies.keep(response, bytes: bytes, in: slot) }
        return response
      case .media(let response): return response
      }
    } catch {
      return reply(SubsonicFailures.failure(for: error), format)
    }
  }

  /// The reply as a response, and its length.
  private func reply(_ content: Result<[SubsonicChildren], SubsonicFailure>, _ format: SubsonicReply.Format)
    -> (HTTPResponse, bytes: Int)
  {
    let reply = SubsonicReply(content: content, format: format, serverVersion: serverVersion)
    var response = HTTPResponse(body: .bytes(reply.bytes))
    response.headers.add("Content-Type", reply.contentType)
    response.headers.add("Cache-Control", "no-store")
    return (response, reply.bytes.count)
  }

  private func reply(_ failure: SubsonicFailure, _ format: SubsonicReply.Format) -> HTTPResponse {
    reply(.failure(failure), format).0
  }

  /// `getAlbum.view` is `getAlbum`.
  static func methodName(_ segment: String) -> String {
    segment.hasSuffix(".view") ? String(segment.dropLast(5)) : segment
  }

  /// The query's pairs, then a form POST's (`formPost`), every repeated name kept.
  static func parameters(of request: HTTPRequest) throws(HTTPError) -> SubsonicParameters {
    var pairs = request.target.queryPairs
    if !request.body.isEmpty {
      pairs += try FormEncoding.pairs(Substring(decoding: request.body, as: UTF8.self))
    }
    return SubsonicParameters(pairs)
  }
}
