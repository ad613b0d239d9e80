import BlastoiseCore
import BlastoiseHTTP
import BlastoiseMedia
import BlastoiseProtocol
import Foundation

/// Photo backup: what a phone must send, taking one file in, and the person's photos. Files
/// live under `root` as `<person>/<YYYY>/<MM>/<name>`; a body arrives in `incoming` (the same
/// file system) and is linked into place, so a file is either whole where it belongs or not
/// there at all, and `link` never replaces a file another upload put there first.
struct PhotoService: Sendable {
  let root: String
  let store: any PhotoStore
  let quotaBytes: Int64?
  let clock: any WallClock
  let log: @Sendable (String) -> Void
  /// Where files are read, hashed and linked: blocking work, kept off the Swift pool (a 2 GB
  /// video takes seconds to hash).
  let lanes = WorkerLanes(label: "blastoise.photos", count: 2)
  let thumbnails: PhotoThumbnails

  /// Where bodies are streamed to before they are filed.
  var incoming: String { root + "/.incoming" }
  /// Items one check may ask about.
  static let maxCheckItems = 5_000
  /// How long a trashed photo is kept.
  static let trashMilliseconds: Int64 = 30 * 86_400_000

  init(
    root: String, store: any PhotoStore, quotaBytes: Int64?, clock: any WallClock,
    log: @escaping @Sendable (String) -> Void = ServerLog.write
  ) throws {
    self.root = root
    self.store = store
    self.quotaBytes = quotaBytes
    self.clock = clock
    self.log = log
    thumbnails = PhotoThumbnails(directory: root + "/.thumbnails", log: log)
    for folder in [incoming, thumbnails.directory] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
  }

  func check(_ request: PhotoCheckRequest, userID: Int) async throws -> PhotoCheckAnswer {
    guard request.items.count <= Self.maxCheckItems else {
      throw HTTPError(.badRequest, "A check takes at most \(Self.maxCheckItems) items")
    }
    for item in request.items {
      guard PhotoCaptureDate.isMonth(item.month) else {
        throw HTTPError(.badRequest, "month must be YYYY-MM, not '\(item.month.prefix(40))'")
      }
    }
    let match = PhotoMatch(try await store.known(userID: userID))
    return PhotoCheckAnswer(
      results: request.items.map { item in
        match.answer(
          PhotoCheckItem(
            name: item.name, month: item.month, size: max(0, item.size ?? 0), sha256: item.sha256,
            device: item.device ?? "", assetId: item.assetId ?? "")
        ).rawValue
      })
  }

  /// Files one uploaded body for `person`: refused (415) unless it is a photo or video, kept once
  /// per content, dated by its own metadata, else `clientDate`, else now.
  func ingest(
    _ body: BodyFile, name: String, device: String?, assetID: String?, clientDate: PhotoCaptureDate?,
    person: Principal
  ) async throws -> PhotoUpload {
    do { try PhotoPlacement.checkName(name) } catch { throw HTTPError(.badRequest, "name: \(error)") }
    let (format, sha256, fileDate) = try await lanes.run { () throws -> (PhotoFormat, String, PhotoCaptureDate?) in
      guard let format = PhotoFormat.sniff(try Self.header(body.temporaryPath)) else {
        throw HTTPError(
          .unsupportedMediaType,
          "Not a photo or video this server keeps (JPEG, HEIC, PNG, GIF, WebP, DNG/RAW, MOV, MP4)")
      }
      guard let sha256 = FileHasher.sha256(ofFileAt: body.temporaryPath) else {
        throw HTTPError(.internalServerError, "Could not read the upload back")
      }
      return (format, sha256, PhotoMetadata.captureDate(path: body.temporaryPath, format: format))
    }
    if let stored = try await store.photo(sha256: sha256, userID: person.userID) {
      return PhotoUpload(photo: Self.wire(stored), existing: true)
    }
    try await checkQuota(adding: Int64(body.size), userID: person.userID)
    let now = clock.milliseconds()
    let date = fileDate ?? clientDate ?? PhotoCaptureDate.instant(now)
    let folder = Self.folder(for: person)
    let (path, created) = try await lanes.run {
      try self.place(body.temporaryPath, folder: folder, date: date, name: name, size: body.size, sha256: sha256)
    }
    let photo = StoredPhoto(
      id: RandomID.make(), userID: person.userID, name: name, path: path, takenAt: date.takenAt, month: date.month,
      size: Int64(body.size), sha256: sha256, format: format, device: device, assetID: assetID, addedAt: now)
    let added: PhotoAdded
    do { added = try await store.add(photo) } catch {
      // Only a file this request made, and only when no row names it: another request with the
      // same bytes may have filed them to it meanwhile.
      // Not known either way: better a file no row names than a row without its file.
      var named = true
      do { named = try await store.photo(sha256: sha256, userID: person.userID) != nil } catch {}
      if created, !named { unlink(root + "/" + path) }
      throw error
    }
    // The same bytes, sent twice at once: the other request's file is the one kept.
    if case .existing(let kept) = added, created, kept.path != path { unlink(root + "/" + path) }
    return PhotoUpload(photo: Self.wire(added.photo), existing: added != .added(photo))
  }

  /// 507 when `bytes` more would pass the person's quota.
  func checkQuota(adding bytes: Int64, userID: Int) async throws {
    guard let quotaBytes, try await store.usage(userID: userID).bytes + bytes > quotaBytes else { return }
    throw HTTPError(507, "Your photo quota of \(quotaBytes >> 30) GB is full; nothing was kept")
  }

  func page(userID: Int, trashed: Bool, limit: Int, before: String?) async throws -> PhotoPage {
    let cursor = try before.map { text -> PhotoCursor in
      let parts = text.split(separator: "_", maxSplits: 1)
      guard parts.count == 2, let takenAt = Int64(parts[0]) else {
        throw HTTPError(.badRequest, "before: not a page cursor")
      }
      return PhotoCursor(takenAt: takenAt, id: String(parts[1]))
    }
    let photos = try await store.photos(userID: userID, trashed: trashed, limit: limit, before: cursor)
    let next = photos.count == limit ? photos.last.map { "\($0.takenAt)_\($0.id)" } : nil
    return PhotoPage(photos: photos.map(Self.wire), next: next)
  }

  func photo(_ id: String, userID: Int) async throws -> StoredPhoto {
    guard let photo = try await store.photo(id: id, userID: userID) else {
      throw HTTPError(.notFound, "No such photo")
    }
    return photo
  }

  func file(of photo: StoredPhoto) -> String { root + "/" + photo.path }

  /// The thumbnail file of the caller's photo `id`: 404 when it is not theirs, or when no
  /// thumbnail can be made of it (a RAW file, a video without ffmpeg).
  func thumbnail(_ id: String, userID: Int, size: PhotoThumbnailSize) async throws -> String {
    let photo = try await photo(id, userID: userID)
    guard let path = await thumbnails.file(of: photo, original: file(of: photo), size: size) else {
      throw HTTPError(.notFound, "No thumbnail can be made of \(photo.name)")
    }
    return path
  }

  func trash(_ id: String, userID: Int) async throws -> Photo {
    guard try await store.setTrashed(id: id, userID: userID, at: clock.milliseconds()) else {
      throw HTTPError(.notFound, "No such photo")
    }
    return Self.wire(try await photo(id, userID: userID))
  }

  func restore(_ id: String, userID: Int) async throws -> Photo {
    guard try await store.setTrashed(id: id, userID: userID, at: nil) else {
      throw HTTPError(.notFound, "No such photo")
    }
    return Self.wire(try await photo(id, userID: userID))
  }

  func status(userID: Int, unfinished: [PhotoUnfinishedUpload]) async throws -> PhotoBackupStatus {
    let usage = try await store.usage(userID: userID)
    return PhotoBackupStatus(
      devices: try await store.devices(userID: userID), usedBytes: usage.bytes, quotaBytes: quotaBytes,
      photoCount: usage.kept, trashedCount: usage.trashed, unfinished: unfinished)
  }

  /// Deletes the files of photos trashed more than 30 days ago.
  func purgeTrash() async throws -> Int {
    let gone = try await store.purge(trashedBefore: clock.milliseconds() - Self.trashMilliseconds)
    for photo in gone {
      unlink(file(of: photo))
      thumbnails.remove(photo.id)
    }
    if !gone.isEmpty { log("photos: purged \(gone.count) from the trash") }
    return gone.count
  }

  /// Links `temporary` in as `<folder>/<YYYY>/<MM>/<name>`, or the first free "name (n)"; answers
  /// the path under `root`, and whether this call made the file. A file already there with these
  /// very bytes is taken as it is: one a server stopped between filing it and recording it left
  /// (no row names it, or the store would have answered it), or one a request sending the same
  /// bytes at this moment made.
  private func place(
    _ temporary: String, folder: String, date: PhotoCaptureDate, name: String, size: Int, sha256: String
  ) throws -> (path: String, created: Bool) {
    let directory = try PhotoPlacement.relativePath(
      person: folder, year: date.year, month: date.monthNumber, name: name
    )
    .split(separator: "/").dropLast().joined(separator: "/")
    try FileManager.default.createDirectory(atPath: root + "/" + directory, withIntermediateDirectories: true)
    for attempt in 0..<10_000 {
      let relative = directory + "/" + PhotoPlacement.candidate(name, attempt)
      if link(temporary, root + "/" + relative) == 0 {
        Self.syncDirectory(root + "/" + directory)
        return (relative, true)
      }
      guard errno == EEXIST else {
        let code = errno
        if code == ENOSPC || code == EDQUOT { throw HTTPError(507, "The server's disk is full; nothing was kept") }
        throw HTTPError(.internalServerError, "Could not file the photo (\(String(cString: strerror(code))))")
      }
      if Self.holds(root + "/" + relative, size: size, sha256: sha256) { return (relative, false) }
    }
    throw HTTPError(.conflict, "Too many files named '\(name)' in \(date.month)")
  }

  /// The person's folder: their name when it is a safe file name, else `user-<id>`.
  static func folder(for person: Principal) -> String {
    (try? PhotoPlacement.checkName(person.username)) != nil && !person.username.hasPrefix(".")
      ? person.username : "user-\(person.userID)"
  }

  private static func header(_ path: String) throws -> [UInt8] {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw HTTPError(.internalServerError, "Could not read the upload back")
    }
    defer { try? handle.close() }
    return [UInt8]((try? handle.read(upToCount: PhotoFormat.headerLength)) ?? Data())
  }

  private static func holds(_ path: String, size: Int, sha256: String) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == size else { return false }
    return FileHasher.sha256(ofFileAt: path) == sha256
  }

  private static func syncDirectory(_ path: String) {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    fsync(fd)
    close(fd)
  }

  static func wire(_ photo: StoredPhoto) -> Photo {
    Photo(
      id: photo.id, name: photo.name, takenAt: photo.takenAt, month: photo.month, size: photo.size,
      sha256: photo.sha256, contentType: photo.format.contentType(name: photo.name), isVideo: photo.format == .video,
      device: photo.device, assetId: photo.assetID, addedAt: photo.addedAt, trashedAt: photo.trashedAt)
  }
}
