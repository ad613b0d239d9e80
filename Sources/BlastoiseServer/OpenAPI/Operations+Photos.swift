import BlastoiseCore
import BlastoiseProtocol

/// Photo backup (additive): each person's own photos and videos, nobody else's.
extension APIOperation {
  static let photos: [APIOperation] = [
    APIOperation(
      .post, .photoBackupCheck, "Which of a phone's photos the server has", access: .permission(.upload),
      body: .json(Schema.ref("PhotoCheckRequest")), answers: [200: Answer.json(Schema.ref("PhotoCheckAnswer"))],
      notes: """
        Additive. One answer per item, in order. By checksum when the item gives one, else by name and month \
        (and size when not 0); in any case by the same device's asset ID. Trashed photos count as had. At most \
        \(PhotoService.maxCheckItems) items.
        """),
    APIOperation(
      .put, .photoBackup, "Back up one whole file (the body)", access: .permission(.upload), body: .binary,
      query: [
        QueryParameters.parameter(
          "name", ["type": "string", "minLength": 1, "maxLength": 255], "The file's name", required: true),
        QueryParameters.parameter("device", ["type": "string", "maxLength": 255], "The device it comes from"),
        QueryParameters.parameter("assetId", ["type": "string", "maxLength": 255], "The device's ID for it"),
        QueryParameters.parameter(
          "takenAt", Schema.string,
          "When it was taken (ISO 8601 or milliseconds), for a file whose metadata has no date"),
      ],
      answers: [
        201: Answer.json(Schema.ref("PhotoUpload")),
        200: Answer.json(Schema.ref("PhotoUpload")).merging(["description": "The caller had these bytes already"]),
      ],
      errors: [409, 507],
      notes: """
        Additive. Filed as <person>/<YYYY>/<MM>/<name> by the capture date (EXIF, the video's metadata, \
        `takenAt`, else now); a clash with other bytes takes a suffix. Not a photo or video: 415. Over the quota \
        or a full disk: 507, nothing kept.
        """),
    APIOperation(
      .get, .photoBackupStatus, "The caller's backup: devices, bytes kept, quota", access: .permission(.upload),
      answers: [200: Answer.json(Schema.ref("PhotoBackupStatus"))], notes: "Additive."),
    APIOperation(
      .get, .photos, "The caller's photos, newest first, a page at a time", access: .permission(.upload),
      query: [
        QueryParameters.parameter(
          "limit", ["type": "integer", "minimum": 1, "maximum": .integer(PageQuery.maximumLimit)],
          "How many (default \(PhotoPageQuery.defaultLimit))"),
        QueryParameters.parameter("before", Schema.string, "A page's `next`: the page after it"),
        QueryParameters.parameter("trashed", ["type": "boolean"], "The trash instead"),
      ],
      answers: [200: Answer.json(Schema.ref("PhotoPage"))], notes: "Additive."),
    APIOperation(
      .get, .photo, "One of the caller's photos", access: .permission(.upload),
      answers: [200: Answer.json(Schema.ref("Photo"))], errors: [404], notes: "Additive. Another person's is 404."),
    APIOperation(
      .delete, .photo, "Move a photo to the trash (kept 30 days)", access: .permission(.upload), body: .ignoredJSON,
      answers: [200: Answer.json(Schema.ref("Photo"))], errors: [404], notes: "Additive."),
    APIOperation(
      .post, .photoRestore, "Take a photo back out of the trash", access: .permission(.upload), body: .ignoredJSON,
      answers: [200: Answer.json(Schema.ref("Photo"))], errors: [404], notes: "Additive."),
    APIOperation(
      .get, .photoOriginal, "A photo's original bytes, as sent", access: .permission(.upload),
      answers: [
        200: [
          "description": "The file, with `Content-Disposition: attachment` naming it; `ETag` is its SHA-256",
          "content": ["*/*": ["schema": ["type": "string", "format": "binary"]]],
        ]
      ], errors: [404, 416], notes: "Additive. One range per request."),
    APIOperation(
      .get, .photoThumbnail, "A photo's or video's thumbnail (JPEG)", access: .permission(.upload),
      query: [
        QueryParameters.parameter(
          "size", ["type": "string", "enum": .array(PhotoThumbnailSize.allCases.map { .string($0.rawValue) })],
          "The edge of the square it fits (default \(PhotoThumbnailSize.small.rawValue))")
      ],
      answers: [
        200: [
          "description": "JPEG, upright, never larger than the original",
          "content": ["image/jpeg": ["schema": ["type": "string", "format": "binary"]]],
        ]
      ], errors: [404],
      notes: """
        Additive. Made on first request and kept. 404 also when none can be made (a RAW file; a video when the \
        server has no ffmpeg).
        """),
  ]

  static let noBody: JSONValue = ["description": "Done; the headers say the rest"]

  /// tus 1.0's routes: headers carry what they say (tus.io/protocols/resumable-upload).
  static let photoTus: [APIOperation] = [
    APIOperation(
      .options, .photoTus, "What the resumable uploads take (tus 1.0)", access: .open,
      answers: [204: ["description": "Tus-Version, Tus-Extension, Tus-Max-Size, Tus-Checksum-Algorithm"]],
      notes: "Additive."),
    APIOperation(
      .post, .photoTus, "Start a resumable upload (tus creation)", access: .permission(.upload),
      answers: [201: ["description": "Location names the upload; Upload-Expires says until when it is kept"]],
      errors: [412, 507],
      notes: """
        Additive. Headers: Tus-Resumable 1.0.0, Upload-Length, Upload-Metadata with `filename` and optionally         `device`, `assetId`, `takenAt` (base64, as tus says).
        """),
    APIOperation(
      .head, .photoTusUpload, "How much of an upload has arrived", access: .permission(.upload),
      answers: [200: ["description": "Upload-Offset and Upload-Length"]], errors: [404, 412], notes: "Additive."),
    APIOperation(
      .patch, .photoTusUpload, "An upload's next bytes (from Upload-Offset)", access: .permission(.upload),
      body: .tus, answers: [204: noBody], errors: [404, 409, 412, 423, 460, 507],
      notes: """
        Additive. Upload-Checksum (sha1 or sha256) is checked: a mismatch (460) drops the bytes. The last bytes         file the photo: Blastoise-Photo-Id names it, Blastoise-Photo-Existing says whether it was already there.
        """),
    APIOperation(
      .delete, .photoTusUpload, "Give an upload up (tus termination)", access: .permission(.upload),
      answers: [204: noBody], errors: [404, 412], notes: "Additive."),
  ]
}

/// The shapes of photo backup (additive).
enum PhotoSchemas {
  static let count: JSONValue = ["type": "integer", "minimum": 0]
  static let month: JSONValue = ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}$"]

  static let all: [String: JSONValue] = [
    "Photo": Schema.additive(
      Schema.object(
        [
          "id": Schema.string, "name": Schema.string, "takenAt": Schema.milliseconds, "month": month, "size": count,
          "sha256": Schema.string, "contentType": Schema.string, "isVideo": Schema.boolean, "device": Schema.string,
          "assetId": Schema.string, "addedAt": Schema.milliseconds, "trashedAt": Schema.milliseconds,
        ], required: ["id", "name", "takenAt", "month", "size", "sha256", "contentType", "isVideo", "addedAt"])),
    "PhotoPage": Schema.additive(
      Schema.object(["photos": Schema.array(Schema.ref("Photo")), "next": Schema.string], required: ["photos"])),
    "PhotoUpload": Schema.additive(
      Schema.object(["photo": Schema.ref("Photo"), "existing": Schema.boolean], required: ["photo", "existing"])),
    "PhotoCheckAnswer": Schema.additive(
      Schema.object(["results": Schema.array(Schema.oneOf(["have", "send"]))], required: ["results"])),
    "PhotoBackupStatus": Schema.additive(
      Schema.object(
        [
          "devices": Schema.array(
            Schema.object(
              ["name": Schema.string, "photos": count, "bytes": count, "lastBackupAt": Schema.milliseconds],
              required: ["name", "photos", "bytes", "lastBackupAt"])),
          "usedBytes": count, "quotaBytes": count, "photoCount": count, "trashedCount": count,
          "unfinished": Schema.array(
            Schema.object(
              [
                "name": Schema.string, "device": Schema.string, "offset": count, "length": count,
                "createdAt": Schema.milliseconds, "expiresAt": Schema.milliseconds,
              ], required: ["name", "offset", "length", "createdAt", "expiresAt"])),
        ], required: ["devices", "usedBytes"])),
  ]

  /// What the server takes.
  static let requests: [String: JSONValue] = [
    "PhotoCheckRequest": Schema.additive(
      Schema.strictObject(
        [
          "items": Schema.array(
            Schema.strictObject(
              [
                "name": Schema.string, "month": month, "size": Schema.nullable(count),
                "sha256": Schema.nullable(Schema.string), "device": Schema.nullable(Schema.string),
                "assetId": Schema.nullable(Schema.string),
              ], required: ["name", "month"])
          ).merging(["maxItems": .integer(PhotoService.maxCheckItems)])
        ], required: ["items"]))
  ]
}
