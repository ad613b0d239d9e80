/// The shapes the server answers with, keyed by their seed names (docs/api.md). Fields the seed
/// does not have are marked `x-additive`.
enum WireSchemas {
  static let all: [String: JSONValue] = [
    "Error": error, "Track": track, "ChannelInfo": channelInfo, "ChannelState": channelState,
    "Permission": permission, "UserInfo": userInfo, "AuthEnvelope": authEnvelope, "Success": success,
    "SuccessCount": successCount, "ServerStatus": serverStatus, "QueueResponse": queueResponse,
    "ModeResponse": modeResponse, "Playlist": playlist, "PlaylistBundle": playlistBundle,
    "UploadResponse": uploadResponse, "ScanSummary": scanSummary, "GuestSession": guestSession,
    "ServerReport": serverReport, "SessionList": sessionList,
    "RoomInvite": roomInvite,
  ].merging(ImportSchemas.all) { first, _ in first }.merging(CatalogSchemas.all) { first, _ in first }
    .merging(AnnotationSchemas.all) { first, _ in first }.merging(ProgressSchemas.all) { first, _ in first }
    .merging(BookmarkSchemas.all) { first, _ in first }.merging(AdminSchemas.all) { first, _ in first }
    .merging(AppPasswordSchemas.all) { first, _ in first }.merging(GPodderSchemas.all) { first, _ in first }
    .merging(BookSchemas.all) { first, _ in first }
    .merging(PodcastSchemas.all) { first, _ in first }.merging(PhotoSchemas.all) { first, _ in first }

  static let playbackMode = Schema.oneOf(["once", "repeat-all", "repeat-one", "shuffle"])

  static let error = Schema.object(["error": Schema.string], required: ["error"])

  static let track = Schema.object(
    seedTrack.merging(CatalogSchemas.trackFields) { seed, _ in seed }.merging(AnnotationSchemas.fields) { seed, _ in
      seed
    }.merging(["addedBy": Schema.additive(["type": "string", "description": "in a room's queue: who added the entry"])])
    {
      seed, _ in seed
    },
    required: [
      "id", "filename", "title", "artist", "album", "duration", "replayGainDb", "replayPeak", "available", "coverId",
    ])

  static let coverID: JSONValue = [
    "type": "string", "pattern": "^[0-9a-f]{64}$", "description": "for GET /api/covers/{id}",
  ]

  static let seedTrack: [String: JSONValue] = [
    "id": ["type": "string", "pattern": "^sha256:[0-9a-f]{64}$"],
    "filename": Schema.string,
    "title": ["type": "string", "description": "never null: the file name without extension when untagged"],
    "artist": Schema.nullable(Schema.string), "album": Schema.nullable(Schema.string),
    "duration": ["type": "number", "description": "seconds"],
    "replayGainDb": Schema.nullable(Schema.number), "replayPeak": Schema.nullable(Schema.number),
    "available": ["type": "boolean", "description": "false when the file has gone from disk"],
    "coverId": Schema.additive(Schema.nullable(coverID)),
  ]

  static let channelInfo = Schema.object(
    [
      "id": Schema.string, "name": Schema.string, "description": Schema.string, "trackCount": Schema.integer,
      "listenerCount": Schema.integer, "listeners": Schema.array(Schema.string), "isDefault": Schema.boolean,
      "createdBy": Schema.nullable(Schema.integer), "nowPlaying": Schema.ref("Track"), "paused": Schema.boolean,
      "isPrivate": Schema.additive(Schema.boolean),
    ],
    required: ["id", "name", "description", "trackCount", "listenerCount", "listeners", "isDefault", "createdBy"])

  static let controlMode = Schema.oneOf(["everyone", "djs", "owner"])

  static let channelState = Schema.object(
    [
      "track": Schema.nullable(Schema.ref("Track")),
      "currentTimestamp": ["type": "number", "description": "seconds into the current track at serverTime"],
      "channelName": Schema.string, "channelId": Schema.string, "description": Schema.string,
      "paused": Schema.boolean, "currentIndex": Schema.integer, "listenerCount": Schema.integer,
      "listeners": ["type": "array", "items": Schema.string, "maxItems": 100],
      "isDefault": Schema.boolean, "playbackMode": playbackMode,
      "queue": [
        "type": "array", "items": Schema.ref("Track"),
        "description": "present on connect, after queue changes and every 30 s",
      ],
      "serverTime": Schema.additive(Schema.milliseconds),
      "seq": Schema.additive(["type": "integer", "description": "per room, increasing; drop older states"]),
      "controlMode": Schema.additive(controlMode),
      "owner": Schema.additive(
        Schema.nullable(["type": "integer", "description": "user ID; null for the default room"])),
      "djs": Schema.additive(Schema.array(Schema.integer)),
      "canControl": Schema.additive(
        ["type": "boolean", "description": "whether the asking person may control the room now"]),
      "isPrivate": Schema.additive(
        ["type": "boolean", "description": "joinable only with the invite token (or as owner, DJ, admin)"]),
      "inviteToken": Schema.additive(
        ["type": "string", "description": "a private room's invite token, sent to its owner, DJs and admins"]),
      "listenerSync": Schema.additive(
        [
          "type": "array", "maxItems": 100,
          "description": "each listener's last sync_report, by name; left out until someone reports",
          "items": Schema.object(
            [
              "name": Schema.string, "state": Schema.oneOf(["in-sync", "buffering", "waiting", "away"]),
              "driftMs": ["type": "number", "description": "player minus room, ms"],
            ], required: ["name", "state"]),
        ]),
    ],
    required: [
      "track", "currentTimestamp", "channelName", "channelId", "description", "paused", "currentIndex",
      "listenerCount", "listeners", "isDefault", "playbackMode", "serverTime", "seq",
    ])

  static let permission = Schema.object(
    [
      "resourceType": Schema.string, "resourceId": Schema.nullable(Schema.string),
      "permission": Schema.oneOf(["listen", "control", "queue", "upload", "import", "create", "admin"]),
    ],
    required: ["resourceType", "resourceId", "permission"])

  static let userInfo = Schema.object(
    [
      "id": Schema.integer, "username": Schema.string, "isAdmin": Schema.boolean, "isGuest": Schema.boolean,
      "permissions": Schema.array(Schema.ref("Permission")),
      "displayName": Schema.additive(AdminSchemas.displayName),
    ],
    required: ["id", "username", "isAdmin", "isGuest", "permissions"])

  static let authEnvelope = Schema.object(
    ["user": Schema.nullable(Schema.ref("UserInfo")), "permissions": Schema.array(Schema.ref("Permission"))],
    required: ["user", "permissions"])

  static let success = Schema.object(["success": ["const": true]], required: ["success"])

  static let successCount = Schema.object(
    ["success": ["const": true], "count": Schema.additive(["type": "integer", "minimum": 0])],
    required: ["success", "count"])

  static let serverStatus = Schema.object(
    [
      "version": Schema.additive(Schema.string), "allowGuests": Schema.additive(Schema.boolean),
      "allowSignup": Schema.additive(Schema.boolean),
      "ytdlp": Schema.object(
        ["enabled": Schema.boolean, "available": Schema.boolean], required: ["enabled", "available"]),
      "app": Schema.additive(["const": "blastoise"]), "serverId": Schema.additive(Schema.string),
      "credentials": Schema.additive(
        Schema.object(
          [
            "usernameMaxLength": Schema.integer, "passwordMinLength": Schema.integer,
            "passwordMaxLength": Schema.integer,
          ], required: ["usernameMaxLength", "passwordMinLength", "passwordMaxLength"])),
    ],
    required: ["version", "allowGuests", "allowSignup", "ytdlp"])

  static let queueResponse = Schema.object(
    ["success": ["const": true], "queueLength": Schema.integer], required: ["success", "queueLength"])

  static let roomInvite = Schema.object(
    ["inviteToken": ["type": "string", "description": "the link is #/room/<id>?invite=<token>"]],
    required: ["inviteToken"])

  static let modeResponse = Schema.object(
    ["success": ["const": true], "playbackMode": playbackMode], required: ["success", "playbackMode"])

  static let playlist = Schema.object(
    [
      "id": Schema.string, "name": Schema.string, "description": Schema.string, "ownerId": Schema.integer,
      "ownerName": Schema.string, "isPublic": Schema.boolean, "shareToken": Schema.nullable(Schema.string),
      "trackIds": Schema.array(Schema.string), "createdAt": Schema.milliseconds, "updatedAt": Schema.milliseconds,
    ],
    required: [
      "id", "name", "description", "ownerId", "ownerName", "isPublic", "shareToken", "trackIds", "createdAt",
      "updatedAt",
    ])

  static let playlistBundle = Schema.object(
    ["mine": Schema.array(Schema.ref("Playlist")), "shared": Schema.array(Schema.ref("Playlist"))],
    required: ["mine", "shared"])

  static let uploadResponse = Schema.additive(
    Schema.object(
      [
        "success": ["const": true], "tracks": Schema.array(Schema.ref("Track")),
        "duplicates": Schema.array(Schema.ref("Track")),
      ],
      required: ["success", "tracks", "duplicates"]))

  static let guestSession = Schema.additive(
    Schema.object(
      [
        "name": Schema.string, "address": Schema.string, "createdAt": Schema.integer,
        "lastSeenAt": Schema.integer,
      ],
      required: ["name", "address", "createdAt", "lastSeenAt"]))

  static let sessionList = Schema.additive(
    Schema.object(
      [
        "sessions": Schema.array(
          Schema.object(
            [
              "id": Schema.string, "createdAt": Schema.integer, "lastSeenAt": Schema.integer,
              "current": Schema.boolean, "app": Schema.string,
            ], required: ["id", "createdAt", "lastSeenAt", "current"]))
      ], required: ["sessions"]))

  static let serverReport = Schema.additive(
    Schema.object(
      [
        "version": Schema.string, "database": ["enum": ["sqlite", "postgresql"]], "musicDirectory": Schema.string,
        "audiobooksDirectory": Schema.string, "photosDirectory": Schema.string, "allowGuests": Schema.boolean,
        "allowSignup": Schema.boolean, "urlImport": Schema.boolean, "tracks": ["type": "integer", "minimum": 0],
        "startedAt": Schema.integer,
        "importSettings": Schema.additive(
          Schema.object(
            [
              "concurrency": Schema.integer, "maxFileBytes": Schema.integer, "jobTimeoutSeconds": Schema.number,
              "maxPlaylistItems": Schema.integer, "maxActiveJobsPerUser": Schema.integer,
              "allowPrivateAddresses": Schema.boolean,
            ],
            required: [
              "concurrency", "maxFileBytes", "jobTimeoutSeconds", "maxPlaylistItems", "maxActiveJobsPerUser",
              "allowPrivateAddresses",
            ])),
      ],
      required: [
        "version", "database", "musicDirectory", "allowGuests", "allowSignup", "urlImport", "tracks", "startedAt",
      ]))

  static let scanSummary = Schema.additive(
    Schema.object(
      [
        "success": ["const": true], "added": Schema.integer, "unchanged": Schema.integer, "missing": Schema.integer,
        "skipped": Schema.integer,
      ],
      required: ["success", "added", "unchanged", "missing", "skipped"]))
}
