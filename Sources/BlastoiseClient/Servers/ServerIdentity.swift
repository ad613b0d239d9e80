import BlastoiseProtocol
import Foundation

/// What a server says it is (`GET /api/status`): Blastoise, its version, and the ID it keeps for
/// as long as its data does.
public struct ServerIdentity: Sendable, Equatable {
  public let version: String
  public let serverID: String

  public init(version: String, serverID: String) {
    self.version = version
    self.serverID = serverID
  }

  /// Whether an address answered as it did when it was kept.
  public enum Check: Sendable, Equatable {
    case same
    /// Another server answers there now (a reinstall, or someone else's): the app says so and
    /// trusts it with nothing until the person keeps it again.
    case changed(was: String, now: String)
  }

  public static func check(_ saved: ServerAddress, answered identity: ServerIdentity) -> Check {
    saved.serverID == identity.serverID ? .same : .changed(was: saved.serverID, now: identity.serverID)
  }
}

extension BlastoiseAPI {
  /// Asks the server what it is; an answer that is not Blastoise's (another app, a login page in
  /// front of it) is `.notBlastoise`.
  public func identity() async throws(BlastoiseClientError) -> ServerIdentity {
    let status: ServerStatus
    do {
      status = try await send("GET", APIRoute.status.path(), as: ServerStatus.self)
    } catch {
      if case .http = error { throw .notBlastoise }
      if case .decoding = error { throw .notBlastoise }
      throw error
    }
    guard status.app == ServerStatus.appName, let serverID = status.serverId, !serverID.isEmpty else {
      throw .notBlastoise
    }
    return ServerIdentity(version: status.version, serverID: serverID)
  }
}
