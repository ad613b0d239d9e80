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
  ],
  targets: [
    // C edges.
    .target(
      name: "CMicroHTTPD",
      linkerSettings: [.linkedLibrary("microhttpd")]
    ),
    .systemLibrary(name: "CSQLite"),

    // Shared with apps: Foundation only.
    .target(name: "BlastoiseProtocol"),
    .target(name: "BlastoiseWebSocket"),

    // Server.
    .target(name: "BlastoiseCore", dependencies: ["BlastoiseProtocol"]),
    .target(name: "BlastoiseStore", dependencies: ["CSQLite", "BlastoiseCore"]),
    .systemLibrary(name: "CSodium"),
    .target(name: "BlastoiseHTTP", dependencies: ["CMicroHTTPD", "BlastoiseWebSocket"]),
    .target(
      name: "BlastoiseServer",
      dependencies: ["BlastoiseProtocol", "BlastoiseCore", "BlastoiseStore", "BlastoiseHTTP", "CSodium"]
    ),
    .executableTarget(name: "blastoise", dependencies: ["BlastoiseServer"]),

    .testTarget(name: "BlastoiseWebSocketTests", dependencies: ["BlastoiseWebSocket"]),
    .testTarget(name: "BlastoiseStoreTests", dependencies: ["BlastoiseStore"]),
    .testTarget(name: "BlastoiseCoreTests", dependencies: ["BlastoiseCore", "BlastoiseProtocol"]),
    .testTarget(name: "BlastoiseHTTPTests", dependencies: ["BlastoiseHTTP", "BlastoiseWebSocket"]),
    .testTarget(
      name: "BlastoiseServerTests",
      dependencies: ["BlastoiseServer", "BlastoiseHTTP", "BlastoiseWebSocket", "BlastoiseStore", "BlastoiseCore"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
