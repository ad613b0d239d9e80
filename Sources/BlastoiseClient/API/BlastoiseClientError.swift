import BlastoiseProtocol
import Foundation

/// Everything the client can fail with. `http` carries the server's own message: the `error`
/// (or `message`) of a JSON body, else the body's text.
public enum BlastoiseClientError: Error, Sendable, Equatable {
  case invalidURL(String)
  /// The request never got an HTTP answer (connection refused, timed out, …).
  case transport(String)
  case http(status: Int, message: String)
  /// The answer was not the JSON the call expects.
  case decoding(String)
  /// A socket action was attempted while no room socket is open.
  case notConnected
  /// The address answered, but not as a Blastoise server (`identity()`).
  case notBlastoise
  /// The WebSocket handshake was answered, but not with 101 (status 0: not HTTP at all).
  case handshakeRefused(status: Int, message: String)
  /// The WebSocket connection broke the protocol or closed.
  case socket(String)

  /// HTTP status of a refused request or handshake, if there was one.
  public var status: Int? {
    switch self {
    case .http(let status, _), .handshakeRefused(let status, _): status
    default: nil
    }
  }

  public var message: String {
    switch self {
    case .invalidURL(let url): "Invalid URL: \(url)"
    case .transport(let message), .decoding(let message), .socket(let message): message
    case .http(_, let message), .handshakeRefused(_, let message): message
    case .notConnected: "Not connected to a room"
    case .notBlastoise: "That address does not answer like a Blastoise server"
    }
  }
}

extension BlastoiseClientError: LocalizedError, CustomStringConvertible {
  public var errorDescription: String? { message }
  public var description: String {
    switch self {
    case .http(let status, let message): "HTTP \(status): \(message)"
    case .handshakeRefused(let status, let message): "WebSocket refused (\(status)): \(message)"
    default: message
    }
  }
}

extension BlastoiseClientError {
  /// The message of an error answer: our `ErrorBody`, else a proxy's `{ "message": … }`, else
  /// the plain text.
  static func serverMessage(in body: Data, status: Int) -> String {
    if let answer = try? JSONDecoder().decode(ErrorBody.self, from: body) { return answer.error }
    if let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
      let message = object["message"] as? String
    {
      return message
    }
    let text = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return text.isEmpty ? "HTTP \(status)" : String(text.prefix(500))
  }
}
