// swift-tools-version:6.0
import PackageDescription

// Layering (docs/architecture.md): Protocol and WebSocket are Foundation-only and shared with
// apps; Core holds domain rules with no I/O; Store, HTTP are edges; Server wires them; the
// executable only parses the command line.
let package = Package(
  name: "Blastoise",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .executable(name: "blastoise", targets: ["blastoise"]),
    .library(name: "BlastoiseProtocol", targets: ["BlastoiseProtocol"]),
    .library(name: "BlastoiseWebSocket", targets: ["BlastoiseWebSocket"]),
    .library(name: "BlastoiseSync", targets: ["BlastoiseSync"]),
    .library(name: "BlastoiseClient", targets: ["BlastoiseClient"]),
    .library(name: "BlastoiseBridge", targets: ["BlastoiseBridge"]),
  ],
  targets: [
    // C edges.
    .target(
      name: "CMicroHTTPD",
      linkerSettings: [.linkedLibrary("microhttpd")]
    ),
    .systemLibrary(name: "CSQLite"),
    // permessage-deflate on WebSockets (`zlib1g-dev`).
    .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
    // libpq (`libpq-dev`), for the PostgreSQL store.
    .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
    // libcurl (`libcurl4-openssl-dev`): the HTTP client for what the server fetches itself (OutboundHTTP).
    .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    // posix_spawn with the GNU pieces Swift's Glibc module leaves out (for yt-dlp).
    .target(name: "CSpawn"),
    // A track's piece decoded in process (libav*, from Debian's libavformat-dev & co.).
    .target(
      name: "CPieceDecoder",
      linkerSettings: [
        .linkedLibrary("avformat"), .linkedLibrary("avcodec"), .linkedLibrary("swresample"), .linkedLibrary("avutil"),
      ]),

    // Shared with apps: Foundation only (and the system's zlib, for permessage-deflate).
    .target(name: "BlastoiseProtocol"),
    .target(name: "BlastoiseWebSocket", dependencies: ["CZlib"]),
    .target(name: "BlastoiseSync"),
    // Podcasts and audiobooks: RSS/Atom, OPML and chapters parsing, no I/O (FoundationXML only).
    .target(name: "BlastoiseFeeds"),
    // API client, room socket, ListenerSession: Foundation only, for the Linux player and the apps.
    .target(name: "BlastoiseClient", dependencies: ["BlastoiseProtocol", "BlastoiseSync", "BlastoiseWebSocket"]),

    // The Linux player: libmpv (`libmpv-dev`) behind BlastoiseClient's AudioOutput.
    .systemLibrary(name: "CMPV", providers: [.apt(["libmpv-dev"])]),
    // Photo backup's shared core (planner, settings, upload session): Foundation and the
    // client only, for the command line and the phone apps.
    .target(name: "BlastoisePhotoBackup", dependencies: ["BlastoiseClient", "BlastoiseProtocol"]),
    // BlastoiseMedia for OpenSSL's SHA-256 of the files `blastoise backup` sends.
    // The native half of the page's audio bridge (docs/native-bridge.md): Foundation only, so the
    // iOS app uses it as it is.
    .target(
      name: "BlastoiseBridge",
      dependencies: ["BlastoiseClient", "BlastoiseProtocol", "BlastoiseSync", "BlastoisePhotoBackup"]),
    .target(
      name: "BlastoisePlayer",
      dependencies: [
        "BlastoiseClient", "CMPV", "BlastoisePhotoBackup", "BlastoiseMedia", "BlastoiseBridge", "BlastoiseHTTP",
      ]),

    // Server.
    .target(name: "BlastoiseCore", dependencies: ["BlastoiseProtocol", "BlastoiseSync"]),
    // What both store backends share: values and rows, row → domain decoding, transaction marks.
    .target(name: "BlastoiseStoreShared", dependencies: ["BlastoiseCore", "BlastoiseProtocol", "BlastoiseSync"]),
    .target(
      name: "BlastoiseStore",
      dependencies: ["CSQLite", "BlastoiseCore", "BlastoiseProtocol", "BlastoiseStoreShared", "BlastoiseSync"]),
    .target(
      name: "BlastoisePostgres",
      dependencies: ["CLibPQ", "BlastoiseCore", "BlastoiseProtocol", "BlastoiseStoreShared", "BlastoiseSync"]),
    .systemLibrary(name: "CSodium"),
    .systemLibrary(name: "COpenSSL"),
    // A small C++ shim over TagLib's C++ API: the C API gives whole seconds and no ReplayGain.
    .target(
      name: "CTagLib",
      cxxSettings: [.unsafeFlags(["-I/usr/include/taglib"])],
      linkerSettings: [.linkedLibrary("tag"), .linkedLibrary("stdc++")]
    ),
    // Cover thumbnails (`libvips-dev`); shim.h wraps the variadic calls. Its headers need only
    // GLib's include folders: gobject-2.0's pkg-config flags give them, where vips.pc's carry
    // -pthread, which SwiftPM drops with a warning on every build.
    .systemLibrary(name: "CVips", pkgConfig: "gobject-2.0", providers: [.apt(["libvips-dev"])]),
    // libexif (`libexif-dev`): when a backed-up photo was taken.
    .systemLibrary(name: "CExif", providers: [.apt(["libexif-dev"])]),
    .target(
      name: "BlastoiseMedia",
      dependencies: ["BlastoiseCore", "BlastoiseProtocol", "CTagLib", "COpenSSL", "CVips", "CExif"]),
    // The Subsonic API's answers (XML, JSON, JSONP), parameters, credentials and items, no I/O.
    .target(name: "BlastoiseSubsonic", dependencies: ["BlastoiseCore", "BlastoiseProtocol"]),
    .target(name: "BlastoiseHTTP", dependencies: ["CMicroHTTPD", "CZlib", "BlastoiseWebSocket"]),
    .target(
      name: "BlastoiseServer",
      dependencies: [
        "BlastoiseProtocol", "BlastoiseSync", "BlastoiseCore", "BlastoiseStore", "BlastoisePostgres", "BlastoiseHTTP",
        "BlastoiseMedia", "BlastoiseFeeds", "BlastoiseSubsonic", "CSodium", "CSpawn", "CCurl", "CPieceDecoder",
      ]
    ),
    .executableTarget(name: "blastoise", dependencies: ["BlastoiseServer", "BlastoisePlayer"]),

    // Helpers shared by the test targets that start child processes.
    // fork + exec for test children (parent-death signal, own process group, no leaked descriptors).
    .target(name: "CTestChild", path: "Tests/CTestChild"),
    // Also the throwaway PostgreSQL server's schemas (`TestPostgres`).
    .target(
      name: "BlastoiseTestSupport", dependencies: ["CTestChild", "BlastoisePostgres"],
      path: "Tests/BlastoiseTestSupport"),
    // An echo server in a process of its own, so a test can measure its memory alone.
    .executableTarget(
      name: "WebSocketFloodServer", dependencies: ["BlastoiseHTTP"], path: "Tests/WebSocketFloodServer"),
    .testTarget(name: "BlastoiseWebSocketTests", dependencies: ["BlastoiseWebSocket", "BlastoiseSync"]),
    .testTarget(name: "BlastoiseSyncTests", dependencies: ["BlastoiseSync"]),
    .testTarget(name: "BlastoiseSubsonicTests", dependencies: ["BlastoiseSubsonic", "BlastoiseProtocol"]),
    .testTarget(
      name: "BlastoiseFeedsTests", dependencies: ["BlastoiseFeeds", "BlastoiseTestSupport"],
      exclude: ["Fixtures", "feedparser_dump.py"]),
    // The wire: decoded from exactly the JSON the server's encoder writes.
    .testTarget(name: "BlastoiseProtocolTests", dependencies: ["BlastoiseProtocol", "BlastoiseHTTP"]),
    .testTarget(
      name: "BlastoiseClientTests",
      dependencies: [
        "BlastoiseClient", "BlastoiseProtocol", "BlastoiseSync", "BlastoiseWebSocket", "BlastoiseServer",
        "BlastoiseTestSupport",
      ]
    ),
    .testTarget(name: "BlastoisePhotoBackupTests", dependencies: ["BlastoisePhotoBackup"]),
    .testTarget(
      name: "BlastoiseBridgeTests", dependencies: ["BlastoiseBridge", "BlastoiseProtocol", "BlastoisePhotoBackup"]),
    // Integration: the real server and `blastoise listen` processes (needs .build/debug/blastoise).
    .testTarget(
      name: "BlastoisePlayerTests",
      dependencies: [
        "BlastoiseClient", "BlastoiseProtocol", "BlastoisePlayer", "BlastoisePhotoBackup", "BlastoiseTestSupport",
        "BlastoiseBridge",
      ]
    ),
    .testTarget(
      name: "BlastoiseStoreTests",
      dependencies: [
        "BlastoiseStore", "BlastoisePostgres", "BlastoiseStoreShared", "BlastoiseCore", "BlastoiseProtocol",
        "BlastoiseSync", "BlastoiseTestSupport",
      ]
    ),
    // The PostgreSQL client: values, errors by SQLSTATE, reconnecting, migrations (needs the server
    // `scripts/test-postgres` starts).
    .testTarget(
      name: "BlastoisePostgresTests",
      dependencies: ["BlastoisePostgres", "BlastoiseStoreShared", "BlastoiseCore", "BlastoiseTestSupport"]
    ),
    .testTarget(
      name: "BlastoiseMediaTests",
      dependencies: ["BlastoiseMedia", "BlastoiseCore", "BlastoiseStore", "BlastoiseSync", "BlastoiseTestSupport"]
    ),
    // Pure rules, and the domain services over a real SQLite storage in a temp file.
    .testTarget(
      name: "BlastoiseCoreTests",
      dependencies: ["BlastoiseCore", "BlastoiseProtocol", "BlastoiseSync", "BlastoiseStore"]
    ),
    .testTarget(
      name: "BlastoiseHTTPTests", dependencies: ["BlastoiseHTTP", "BlastoiseWebSocket", "BlastoiseTestSupport"]
    ),
    .testTarget(
      name: "BlastoiseServerTests",
      dependencies: [
        "BlastoiseServer", "BlastoiseHTTP", "BlastoiseWebSocket", "BlastoiseStore", "BlastoiseCore", "BlastoiseMedia",
        "BlastoiseProtocol", "BlastoiseSync", "BlastoiseTestSupport", "BlastoisePostgres", "BlastoiseSubsonic", "CCurl",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
