import BlastoiseCore
import BlastoiseProtocol
import BlastoiseSubsonic
import Synchronization

/// System endpoints: `ping`, `getLicense`, `getOpenSubsonicExtensions`, `getMusicFolders`,
/// `getUser`, `getScanStatus`, `startScan`.
struct SubsonicSystem: Sendable {
  /// The OpenSubsonic extensions this server keeps, with their versions.
  static let extensions: [(name: String, versions: [Int])] = [
    ("apiKeyAuthentication", [1]), ("formPost", [1]), ("songLyrics", [1]), ("indexBasedQueue", [1]),
    ("getPodcastEpisode", [1]), ("playbackReport", [1]),
    // Ours: rooms people listen in together (docs/opensubsonic-rooms.md).
    ("listenTogether", [1]),
  ]
  /// The one folder every track is in: Blastoise has one library.
  static let musicFolder = SubsonicElement("musicFolder", ["id": 1, "name": "Music"])

  let accounts: AccountService
  let library: LibraryService
  let tracks: TrackCatalog
  let scans: SubsonicScans

  var endpoints: [String: SubsonicEndpoint] {
    [
      "ping": .answer { _ in nil },
      "getLicense": .answer { _ in SubsonicElement("license", ["valid": true]) },
      "getOpenSubsonicExtensions": .open {
        [
          .list(
            "openSubsonicExtensions",
            Self.extensions.map { item in
              SubsonicElement(
                "openSubsonicExtensions", ["name": item.name],
                children: [.values("versions", item.versions.map { .int(Int64($0)) })])
            })
        ]
      },
      "getMusicFolders": .answer { _ in
        SubsonicElement("musicFolders", children: [.list("musicFolder", [Self.musicFolder])])
      },
      "getUser": .answer { call in try await user(call) },
      // The `apiKeyAuthentication` extension's: whose key this is.
      "tokenInfo": .answer { call in SubsonicElement("tokenInfo", ["username": call.caller.username]) },
      "getScanStatus": .answer { _ in scanStatus() },
      "startScan": .answer(.administer) { _ in
        scans.start(library)
        return scanStatus()
      },
    ]
  }

  private func scanStatus() -> SubsonicElement {
    SubsonicElement("scanStatus", ["scanning": scans.isScanning, "count": tracks.availableCount])
  }

  /// A person's roles: the caller's own, or, for an admin, anyone's.
  private func user(_ call: SubsonicCall) async throws -> SubsonicElement {
    var (username, role) = (call.caller.username, call.caller.role)
    if let name = call.parameters.string("username"),
      CredentialRules.key(for: name) != CredentialRules.key(for: username)
    {
      guard call.caller.role == .admin else { throw SubsonicFailure(.notAuthorized, "Only an admin sees other users") }
      guard let other = try await accounts.user(named: name) else { throw SubsonicFailure(.notFound, "No such user") }
      (username, role) = (other.username, other.role)
    }
    let granted = Set(Permission.granted(to: role))
    return SubsonicElement(
      "user",
      [
        "username": username, "scrobblingEnabled": true, "adminRole": granted.contains(.administer),
        "settingsRole": true, "downloadRole": granted.contains(.listen), "uploadRole": granted.contains(.upload),
        "playlistRole": granted.contains(.create), "coverArtRole": false, "commentRole": false,
        "podcastRole": granted.contains(.listen), "streamRole": granted.contains(.listen), "jukeboxRole": false,
        "shareRole": granted.contains(.create), "videoConversionRole": false,
      ], children: [.values("folder", [.int(1)])])
  }
}

/// Whether a library scan runs, as the scan's progress says; `start` begins one without
/// waiting for it (a scan already running on another node is logged, not an error).
final class SubsonicScans: Sendable {
  private let scanning = Mutex(false)

  init(watching library: LibraryService) {
    library.observe { [self] event in
      if case .scanProgress(let progress) = event { scanning.withLock { $0 = progress.scanning } }
    }
  }

  var isScanning: Bool { scanning.withLock { $0 } }

  func start(_ library: LibraryService) {
    scanning.withLock { $0 = true }
    Task {
      do {
        _ = try await library.scan(.subsonic)
      } catch {
        ServerLog.write("subsonic: startScan: \(error)")
      }
      scanning.withLock { $0 = false }
    }
  }
}
