import BlastoiseClient
import Foundation

/// Photo uploads on a background `URLSession`: a request with a body goes up from a file (what
/// background sessions take), so iOS finishes a chunk in flight while the app is suspended; one
/// without (a check, an offset asked) goes on an ordinary session. A run that iOS ended goes on
/// where the server's offset says, the next time (`BackupSession`, tested on Linux).
final class BackgroundUploadTransport: NSObject, HTTPTransport, URLSessionDataDelegate, @unchecked Sendable {
  static let identifier = "org.blastoise.app.uploads"
  static let shared = BackgroundUploadTransport()

  /// What iOS hands the app when it wakes it for this session's events (`App`).
  var finishedEvents: (() -> Void)?
  private let lock = NSLock()
  private var waiting: [Int: (continuation: CheckedContinuation<(Data, URLResponse), any Error>, body: URL)] = [:]
  private var received: [Int: Data] = [:]
  private let plain = EphemeralTransport()
  private lazy var session: URLSession = {
    let configuration = URLSessionConfiguration.background(withIdentifier: Self.identifier)
    configuration.httpShouldSetCookies = false
    configuration.httpCookieAcceptPolicy = .never
    configuration.sessionSendsLaunchEvents = true
    return URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
  }()

  func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
    guard let body = request.httpBody else { return try await plain.send(request) }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try body.write(to: file)
    var upload = request
    upload.httpBody = nil
    return try await withCheckedThrowingContinuation { continuation in
      let task = session.uploadTask(with: upload, fromFile: file)
      lock.withLock { waiting[task.taskIdentifier] = (continuation, file) }
      task.resume()
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    lock.withLock { received[dataTask.taskIdentifier, default: Data()].append(data) }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let (entry, data) = lock.withLock {
      (waiting.removeValue(forKey: task.taskIdentifier), received.removeValue(forKey: task.taskIdentifier))
    }
    guard let entry else { return }  // from a run of an earlier launch: its journal asks the server
    try? FileManager.default.removeItem(at: entry.body)
    if let error {
      entry.continuation.resume(throwing: error)
    } else if let response = task.response {
      entry.continuation.resume(returning: (data ?? Data(), response))
    } else {
      entry.continuation.resume(throwing: URLError(.badServerResponse))
    }
  }

  func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
    DispatchQueue.main.async { [self] in
      finishedEvents?()
      finishedEvents = nil
    }
  }
}
