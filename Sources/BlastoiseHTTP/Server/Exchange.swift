import CMicroHTTPD
import Foundation
import Synchronization

/// One step of a request's life on an MHD thread: routing, body intake, dispatch, answer.
struct Exchange {
  let server: HTTPServer
  let connection: OpaquePointer
  let context: RequestContext

  /// Headers are in. Route and check everything that can be checked before reading the body;
  /// answer nothing yet unless the body must be refused (answering on this first call makes
  /// libmicrohttpd close the connection, which is right only when we will not read the body).
  func begin(method rawMethod: String) -> MHD_Result {
    context.phase = .receivingBody
    guard let method = HTTPMethod(rawValue: rawMethod) else {
      return refuse(HTTPError(501, "Method \(rawMethod) is not supported"))
    }
    let target: RequestTarget
    do { target = try RequestTarget(parsing: context.rawTarget) } catch { return refuse(error) }
    let headers = requestHeaders()
    var request = HTTPRequest(method: method, target: target, headers: headers, remoteAddress: clientAddress())
    let body = DeclaredBody(headers)

    switch server.router.match(method, target.segments) {
    case .notFound:
      return refuseBeforeBody(HTTPError(.notFound, "Not found"), body)
    case .methodNotAllowed(let allowed):
      let allow = allowed.map(\.rawValue).joined(separator: ", ")
      return refuseBeforeBody(HTTPError(.methodNotAllowed, "Method not allowed", headers: [("Allow", allow)]), body)
    case .found(let route, let parameters):
      request.pathParameters = parameters
      context.route = route
      do { try server.configuration.preflight?(request, route) } catch { return refuseBeforeBody(error, body) }
      if body.isPresent, let refusal = bodyRefusal(route.body, declaredLength: body.length, headers: headers) {
        return refuseBeforeBody(refusal, body)
      }
      if case .multipart(_, let directory) = route.body, body.isPresent {
        guard let receiver = MultipartReceiver(connection: connection, directory: directory) else {
          return refuse(HTTPError(.badRequest, "Malformed multipart body"))
        }
        context.multipart = receiver
      } else if case .file(_, let directory) = route.body, body.isPresent {
        guard let receiver = FileBodyReceiver(temporaryIn: directory) else {
          return refuse(HTTPError(.internalServerError, "Could not create a temporary file for the upload"))
        }
        context.bodyFile = receiver
      } else if case .append(_, let appender) = route.body {
        let target: AppendTarget
        do { target = try appender.open(request) } catch { return refuseBeforeBody(error, body) }
        context.bodyFile = FileBodyReceiver(appendingTo: target)
        context.appendOffset = target.offset
      } else if let length = body.length {
        request.body.reserveCapacity(min(length, route.body.maxBytes))
      }
      context.request = request
      return .YES
    }
  }

  /// Body bytes a refused request may still send (and we discard) so that it gets its answer in
  /// the usual way and keeps its connection: libmicrohttpd queues a response only before the body
  /// or after all of it, so a body refused midway (a chunked body over the cap, a bad multipart
  /// part) must be drained first. A client that sends more than this is answered early on the
  /// socket (`EarlyAnswer`), discarded for as many bytes again, and closed.
  static let maxDrainedBytes = 1 << 20

  /// How many body bytes a refused request may send before it is cut off.
  private var drainLimit: Int { (context.route?.body.maxBytes ?? 0) + Self.maxDrainedBytes }

  /// A chunk of the body arrived.
  func receive(_ data: UnsafePointer<CChar>, count: Int) -> MHD_Result {
    context.receivedBodyBytes += count
    if let refusal = context.refusal {  // Drained, then refused in dispatch.
      return context.receivedBodyBytes <= drainLimit ? .YES : answerEarly(refusal)
    }
    guard let route = context.route, context.receivedBodyBytes <= route.body.maxBytes else {
      return refuseAfterDrain(tooLarge(context.route?.body.maxBytes ?? 0))
    }
    if let multipart = context.multipart {
      if !multipart.feed(data, count: count) {
        return refuseAfterDrain(multipart.failure ?? HTTPError(.badRequest, "Malformed multipart body"))
      }
    } else if let file = context.bodyFile {
      if !file.feed(data, count: count) {
        return refuseAfterDrain(file.failure ?? HTTPError(.internalServerError, "Could not write the upload to disk"))
      }
    } else {
      context.request?.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: count))
    }
    return .YES
  }

  /// Body bytes after an early answer: still read, so that the close comes after the client had
  /// time to read the answer — closing with unread bytes resets the connection, and a reset can
  /// destroy an answer the client has not read yet.
  func discardAfterEarlyAnswer(count: Int) -> MHD_Result {
    context.receivedBodyBytes += count
    return context.receivedBodyBytes <= drainLimit + Self.maxDrainedBytes ? .YES : .NO
  }

  /// The body is complete: run the handler.
  func dispatch() -> MHD_Result {
    if let refusal = context.refusal { return respond(.error(refusal)) }
    guard var request = context.request, let route = context.route else { return .NO }
    context.request = nil
    if let multipart = context.multipart {
      switch multipart.finish() {
      case .success(let parts): request.multipart = parts
      case .failure(let error): return respond(.error(error))
      }
    }
    if let file = context.bodyFile {
      switch file.finish() {
      case .success(let size):
        if let offset = context.appendOffset {
          request.appended = AppendedBody(path: file.path, offset: offset, size: size)
        } else {
          request.bodyFile = file.bodyFile
        }
      case .failure(let error): return respond(.error(error))
      }
    }
    switch route.handler {
    case .immediate(let handler):
      do { return respond(try handler(request)) } catch { return respond(.error(error)) }
    case .async(let handler):
      context.phase = .awaitingHandler
      server.inFlight.withLock { $0 += 1 }
      MHD_suspend_connection(connection)
      let resume = SuspendedConnection(connection: connection, context: context, server: server)
      server.suspended.withLock { $0[ObjectIdentifier(resume)] = resume }
      Task {
        let response: HTTPResponse
        do { response = try await handler(request) } catch { response = resume.server.response(for: error) }
        resume.complete(with: response)
      }
      return .YES
    }
  }

  /// Called again after an async handler resumed the connection.
  func sendHandlerResponse() -> MHD_Result {
    server.inFlight.withLock { $0 -= 1 }
    let response = context.response ?? .error(HTTPError(.internalServerError, "No response"))
    context.response = nil
    return respond(response)
  }

  private func respond(_ response: HTTPResponse) -> MHD_Result {
    context.phase = .responded
    if response.status.rawValue >= 500 {
      server.configuration.log("http: \(response.status.rawValue) for \(context.rawTarget.prefix(200))")
    }
    return ResponseWriter(server: server, connection: connection).queue(response)
  }

  private func refuse(_ error: HTTPError) -> MHD_Result {
    logRefusal(error)
    return respond(.error(error))
  }

  private func logRefusal(_ error: HTTPError) {
    let target = context.rawTarget.prefix(200)
    server.configuration.log("http: refused \(error.status.rawValue) \(error.message): \(target)")
  }

  /// Refuses a request before reading its body. A client that waits (`Expect: 100-continue`) is
  /// answered at once. One that is already sending a body small enough to drain (declared length
  /// within the route's cap plus `maxDrainedBytes`) has it read and discarded first: answering
  /// mid-send would reset the connection and lose the answer. A larger or unknown-length body is
  /// answered at once and the connection closed.
  private func refuseBeforeBody(_ error: HTTPError, _ body: DeclaredBody) -> MHD_Result {
    guard body.isPresent else {
      context.refusal = error
      return .YES
    }
    guard !body.waitsForContinue, let length = body.length, length <= drainLimit else { return refuse(error) }
    logRefusal(error)
    context.refusal = error
    return .YES
  }

  /// The refused client sends past what we drain: answer now, straight on the socket.
  private func answerEarly(_ error: HTTPError) -> MHD_Result {
    context.phase = .answeredEarly
    context.refusal = nil
    return EarlyAnswer(response: .error(error)).send(on: connection) ? .YES : .NO
  }

  /// Refuses a request whose body is arriving: drops what was kept of it and answers once the
  /// rest has been drained (see `maxDrainedBytes`).
  private func refuseAfterDrain(_ error: HTTPError) -> MHD_Result {
    logRefusal(error)
    context.refusal = error
    context.request = nil
    context.multipart?.removeTemporaryFiles()
    context.multipart = nil
    context.bodyFile?.release()
    context.bodyFile = nil
    return .YES
  }

  private func bodyRefusal(_ policy: BodyPolicy, declaredLength: Int?, headers: HTTPHeaders) -> HTTPError? {
    if let declaredLength, declaredLength > policy.maxBytes { return tooLarge(policy.maxBytes) }
    let mediaType = headers["Content-Type"]?.split(separator: ";").first?.trimmingSpaces().lowercased() ?? ""
    switch policy {
    case .none:
      return tooLarge(0)
    case .json where mediaType != "application/json":
      return HTTPError(.unsupportedMediaType, "Send the body as JSON (Content-Type: application/json)")
    case .form where mediaType != "application/x-www-form-urlencoded" && declaredLength != 0:
      return HTTPError(
        .unsupportedMediaType, "Send the body as a form (Content-Type: application/x-www-form-urlencoded)")
    case .multipart where mediaType != "multipart/form-data":
      return HTTPError(.unsupportedMediaType, "Send the body as multipart/form-data")
    case .json, .foreignJSON, .form, .multipart, .file, .append:
      return nil
    }
  }

  private func tooLarge(_ limit: Int) -> HTTPError {
    limit == 0
      ? HTTPError(.payloadTooLarge, "This request takes no body")
      : HTTPError(.payloadTooLarge, "Body larger than \(limit) bytes")
  }

  private func requestHeaders() -> HTTPHeaders {
    let collector = HeaderCollector()
    _ = MHD_get_connection_values(
      connection, .HEADER_KIND, collectHeader, Unmanaged.passUnretained(collector).toOpaque())
    return collector.headers
  }

  private func clientAddress() -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    bl_connection_client_address(connection, &buffer, buffer.count)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// Carries a suspended connection to the task that will resume it. Exactly one `complete` takes
/// effect: the handler's, or the server's at shutdown when the handler outlives the grace period
/// (libmicrohttpd aborts the process if it is stopped with a connection still suspended, and a
/// connection must not be resumed after the daemon is gone).
final class SuspendedConnection: @unchecked Sendable {
  let connection: OpaquePointer
  let context: RequestContext
  let server: HTTPServer
  private let completed = Atomic<Bool>(false)

  init(connection: OpaquePointer, context: RequestContext, server: HTTPServer) {
    self.connection = connection
    self.context = context
    self.server = server
  }

  func complete(with response: HTTPResponse) {
    guard !completed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    server.suspended.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(self)) }
    context.response = response
    MHD_resume_connection(connection)
  }
}

private final class HeaderCollector {
  var headers = HTTPHeaders()
}

private func collectHeader(
  _ cls: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?,
  _ value: UnsafePointer<CChar>?
) -> MHD_Result {
  guard let cls, let key else { return .YES }
  let collector = Unmanaged<HeaderCollector>.fromOpaque(cls).takeUnretainedValue()
  collector.headers.add(String(cString: key), value.map { String(cString: $0) } ?? "")
  return .YES
}

/// What the headers say of the request's body.
private struct DeclaredBody {
  let length: Int?
  let isPresent: Bool
  /// `Expect: 100-continue`: the client sends nothing until told to.
  let waitsForContinue: Bool

  init(_ headers: HTTPHeaders) {
    length = headers["Content-Length"].flatMap { Int($0) }
    isPresent = (length ?? 0) > 0 || headers["Transfer-Encoding"] != nil
    waitsForContinue = headers["Expect"]?.lowercased() == "100-continue"
  }
}
