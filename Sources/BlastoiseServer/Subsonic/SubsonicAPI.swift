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
  let serverVersion: String

  func answer(_ request: HTTPRequest) async -> HTTPResponse {
    let parameters: SubsonicParameters
    do {
      parameters = try Self.parameters(of: request)
    } catch {
      return reply(.failure(SubsonicFailure(.generic, error.message)), .xml)
    }
    let format: SubsonicReply.Format
    switch SubsonicReply.format(parameters) {
    case .success(let asked): format = asked
    case .failure(let failure): return reply(.failure(failure), .xml)
    }
    let name = Self.methodName(request.pathParameter("method"))
    guard let endpoint = endpoints[name] else {
      return reply(.failure(SubsonicFailure(.generic, "Unknown API method '\(name.prefix(60))'")), format)
    }
    do {
      var call: SubsonicCall?
      if case .caller(let permission) = endpoint.access {
        let caller = try AccessPolicy.require(permission, of: try await callers.caller(parameters, request))
        call = SubsonicCall(request: request, parameters: parameters, caller: caller)
      }
      switch try await endpoint.run(call) {
      case .content(let content): return reply(.success(content), format)
      case .media(let response): return response
      }
    } catch {
      return reply(.failure(SubsonicFailures.failure(for: error)), format)
    }
  }

  private func reply(_ content: Result<[SubsonicChildren], SubsonicFailure>, _ format: SubsonicReply.Format)
    -> HTTPResponse
  {
    let reply = SubsonicReply(content: content, format: format, serverVersion: serverVersion)
    var response = HTTPResponse(body: .bytes(Array(reply.body.utf8)))
    response.headers.add("Content-Type", reply.contentType)
    response.headers.add("Cache-Control", "no-store")
    return response
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
