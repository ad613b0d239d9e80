import BlastoiseCore
import BlastoiseHTTP
import BlastoiseProtocol
import Foundation
import Synchronization

/// URL import as the routes see it: check a URL, look at it with yt-dlp, queue one download or
/// show a playlist for confirmation; confirm it into a new playlist; list, cancel and clear jobs.
final class ImportService: Sendable {
  let enabled: Bool
  /// yt-dlp ran (`--version`) and knows our options.
  let available: Bool
  private let tool: YtDlp?
  private let settings: ImportSettings
  private let queue: ImportQueue
  private let addresses: OutboundAddressPolicy
  private let playlists: PlaylistService
  /// Every request yt-dlp makes goes through it (the address check at connection time).
  private let proxy: ImportProxy?
  private let pending = ImportPendingPlaylists()
  private let probesRunning = Mutex(0)

  private init(
    enabled: Bool, tool: YtDlp?, settings: ImportSettings, queue: ImportQueue, addresses: OutboundAddressPolicy,
    playlists: PlaylistService, proxy: ImportProxy?
  ) {
    self.proxy = proxy
    self.enabled = enabled
    self.available = tool != nil
    self.tool = tool
    self.settings = settings
    self.queue = queue
    self.addresses = addresses
    self.playlists = playlists
  }

  /// Checks yt-dlp (only when import is enabled), loads the stored jobs and starts the queue.
  static func start(
    _ configuration: ServerConfiguration, store: any ImportJobStore, locks: any NodeLocks, library: LibraryService,
    playlists: PlaylistService, jobsChanged: (@Sendable () async -> Void)?,
    announce: @escaping @Sendable (ImportSocketMessage) -> Void
  ) async throws(StartupError) -> ImportService {
    let settings = ImportSettings(configuration)
    let addresses = OutboundAddressPolicy(allowPrivate: settings.allowPrivateAddresses)
    var tool: YtDlp?
    var proxy: ImportProxy?
    if configuration.urlImportEnabled {
      let executable = ExecutableLookup.find("yt-dlp")
      if await YtDlp.check(executable: executable, settings: settings) != nil, let executable {
        do {
          proxy = try ImportProxy(
            permits: { addresses.permits($0) }, timeoutSeconds: settings.socketTimeoutSeconds)
        } catch {
          throw StartupError(message: "cannot start the import proxy: \(error)")
        }
        tool = YtDlp(executable: executable, settings: settings, proxy: proxy?.url)
        ServerLog.write(
          "import: yt-dlp reaches the web through the address-checking proxy at \(proxy?.url ?? "?")"
            + (settings.allowPrivateAddresses ? " (private addresses allowed)" : ""))
      }
    }
    let queue = ImportQueue(
      store: store, locks: locks, settings: settings,
      tool: tool, ingest: ImportIngest(library: library, directory: settings.directory), addresses: addresses,
      playlists: playlists, announce: announce, jobsChanged: jobsChanged)
    if configuration.urlImportEnabled {
      do {
        try await queue.start()
      } catch {
        proxy?.stop()
        throw StartupError(message: "cannot load import jobs: \(error)")
      }
    }
    return ImportService(
      enabled: configuration.urlImportEnabled, tool: tool, settings: settings, queue: queue, addresses: addresses,
      playlists: playlists, proxy: proxy)
  }

  func stop() async {
    await queue.stop()
    proxy?.stop()
  }

  /// 403 when the operator has not turned import on, 503 when yt-dlp cannot run.
  private func offered() throws -> YtDlp {
    guard enabled else { throw CoreError(.forbidden, "URL import is turned off on this server") }
    guard let tool else { throw CoreError(.unavailable, "URL import needs yt-dlp, which this server cannot run") }
    return tool
  }

  // MARK: Routes

  /// `POST /api/fetch`.
  func submit(_ request: ImportRequest, by principal: Principal) async throws -> HTTPResponse {
    let tool = try offered()
    let checked = try OutboundURLPolicy.check(request.url)
    _ = try await addresses.check(host: checked.host)
    guard await queue.activeCount(ownerID: principal.userID) < settings.maxActiveJobsPerUser else {
      throw CoreError(.rateLimited(retryAfterSeconds: 60), "You have too many imports waiting")
    }
    switch try await probe(checked.url, with: tool) {
    case .single(let title):
      let job = record(url: checked.url, title: title, by: principal)
      try await queue.enqueue([job])
      return .json(ImportAnswer.single(ImportSingleResponse(id: job.id, title: title)))
    case .playlist(let title, let entries):
      guard !entries.isEmpty else { throw CoreError.invalid("That playlist has no entries that can be imported") }
      let shown = Array(entries.prefix(settings.maxPlaylistItems))
      let ids = pending.remember(shown.map { ($0.url, $0.title) }, ownerID: principal.userID)
      let items = zip(ids, shown).map { ImportItem(id: $0, url: $1.url, title: $1.title) }
      return .json(ImportAnswer.playlist(ImportPlaylistResponse(title: title, items: items)))
    }
  }

  /// `POST /api/fetch/confirm`: every entry is checked before anything is created; then one
  /// playlist (empty — each track is added as its download completes) and the jobs.
  func confirm(_ request: ImportConfirmRequest, by principal: Principal) async throws -> ImportConfirmResponse {
    _ = try offered()
    guard let items = request.items, !items.isEmpty else {
      throw CoreError.invalid("Send the entries to import in 'items'")
    }
    guard items.count <= settings.maxPlaylistItems else {
      throw CoreError.invalid("At most \(settings.maxPlaylistItems) entries can be imported at once")
    }
    var chosen: [(url: String, title: String)] = []
    var hosts: Set<String> = []
    for (index, item) in items.enumerated() {
      if let id = item.id {
        guard let entry = pending.entry(id, ownerID: principal.userID) else {
          throw CoreError.invalid("Unknown entry '\(String(id.prefix(40)))'; look at the playlist URL again")
        }
        chosen.append((entry.url, entry.title))
        hosts.insert(try OutboundURLPolicy.check(entry.url).host)
      } else {
        let checked: OutboundURLPolicy.Checked
        do {
          checked = try OutboundURLPolicy.check(item.url)
        } catch {
          throw CoreError.invalid("Entry \(index + 1): \(error.message)")
        }
        chosen.append((checked.url, DisplayText.title(item.title) ?? checked.url))
        hosts.insert(checked.host)
      }
    }
    // Feed entries were written by whoever wrote the feed: their hosts face the same check.
    for host in hosts.sorted() { _ = try await addresses.check(host: host) }

    let name = Self.playlistName(request.playlistTitle)
    let playlist = try await playlists.create(name: name, description: "Imported from a URL", by: principal)
    let records = chosen.enumerated().map { index, item in
      record(url: item.url, title: item.title, by: principal, playlistID: playlist.id, index: index)
    }
    do {
      try await queue.enqueue(records)
    } catch {
      try? await playlists.delete(playlist.id, by: principal)
      throw error
    }
    pending.forget(items.compactMap(\.id))
    return ImportConfirmResponse(
      message: "Queued \(records.count) download\(records.count == 1 ? "" : "s") into the playlist \(name)",
      playlistId: playlist.id, playlistName: name,
      items: records.map { ImportItem(id: $0.id, url: $0.url, title: $0.title) })
  }

  /// `GET /api/fetch`: the caller's jobs (an admin's: everyone's), oldest first.
  func list(for principal: Principal) async throws -> [ImportJobInfo] {
    _ = try offered()
    return await queue.list(for: principal)
  }

  /// `DELETE /api/fetch/:itemId`.
  func cancel(_ id: String, by principal: Principal) async throws -> ImportJobInfo {
    _ = try offered()
    return try await queue.cancel(id, by: principal)
  }

  /// Another node changed the jobs: this node reads them (and runs what it can claim).
  func changedElsewhere() async {
    guard enabled else { return }
    await queue.followStore()
  }

  /// `DELETE /api/fetch`: forgets finished jobs.
  func clearFinished(by principal: Principal) async throws -> Int {
    _ = try offered()
    return try await queue.clearFinished(by: principal)
  }

  // MARK: Helpers

  private func probe(_ url: String, with tool: YtDlp) async throws -> YtDlp.Probe {
    let admitted = probesRunning.withLock { running in
      guard running < settings.maxConcurrentProbes else { return false }
      running += 1
      return true
    }
    guard admitted else {
      throw CoreError(.rateLimited(retryAfterSeconds: 5), "The server is busy looking at other URLs; try again")
    }
    defer { probesRunning.withLock { $0 -= 1 } }
    do {
      return try await tool.probe(url)
    } catch let failure as ImportFailure {
      throw HTTPError(HTTPStatus(rawValue: failure.kind == .timedOut ? 504 : 502), failure.message)
    }
  }

  private func record(
    url: String, title: String, by principal: Principal, playlistID: String? = nil, index: Int? = nil
  ) -> ImportJobRecord {
    let time = Int64(Date().timeIntervalSince1970 * 1000)
    return ImportJobRecord(
      id: ImportIDs.new(), ownerID: principal.userID, ownerName: principal.username, ownerRole: principal.role,
      url: url, title: title, playlistID: playlistID, playlistIndex: index, createdAt: time, updatedAt: time)
  }

  /// The playlist's name: the title given, cut to the 80 characters names may have.
  static func playlistName(_ raw: String?) -> String {
    let name = DisplayText.title(raw ?? "").map { String($0.prefix(80)).trimmingCharacters(in: .whitespaces) } ?? ""
    return name.isEmpty ? "Imported playlist" : name
  }
}

extension ImportSettings {
  init(_ configuration: ServerConfiguration) {
    self.init(directory: configuration.dataDirectory + "/imports")
    allowPrivateAddresses = configuration.allowPrivateImports
    maxFileBytes = Int64(configuration.maxImportMegabytes) << 20
    jobTimeoutSeconds = configuration.importTimeoutSeconds
    probeTimeoutSeconds = configuration.importProbeTimeoutSeconds
    socketTimeoutSeconds = configuration.importSocketTimeoutSeconds
    concurrency = configuration.importConcurrency
  }

  /// The limits as an admin's Server panel shows them.
  var report: ImportReport {
    ImportReport(
      concurrency: concurrency, maxFileBytes: maxFileBytes, jobTimeoutSeconds: jobTimeoutSeconds,
      maxPlaylistItems: maxPlaylistItems, maxActiveJobsPerUser: maxActiveJobsPerUser,
      allowPrivateAddresses: allowPrivateAddresses)
  }
}
