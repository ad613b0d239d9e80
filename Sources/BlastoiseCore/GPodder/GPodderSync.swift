import BlastoiseProtocol

/// The gPodder API's work over the stores: subscriptions shared by a person's devices, and
/// episode actions that are spoken-word progress. `since` and the answers' `timestamp` are the
/// server's seconds (its storing time, never the action's), so an action played long ago and
/// uploaded now is still news to the other devices. An answer's `timestamp` is rounded down, so
/// an item stored in that second comes again next time rather than never.
public struct GPodderSync: Sendable {
  let subscriptions: any PodcastSubscriptionStore
  let devices: any GPodderDeviceStore
  let progress: any ProgressStore

  /// At most this many actions in one download.
  public static let downloadLimit = 10_000

  public init(storage: any Storage) {
    subscriptions = storage.podcastSubscriptions
    devices = storage.gpodderDevices
    progress = storage.progress
  }

  public func saveDevice(_ id: String, _ update: GPodderDeviceUpdate, userID: Int, now: Int64) async throws {
    try GPodderRules.checkDevice(id)
    for text in [update.caption, update.type].compactMap({ $0 }) where text.count > 200 {
      throw CoreError.invalid("A device's caption and type are at most 200 characters")
    }
    try await devices.save(userID: userID, id: id, caption: update.caption, type: update.type, now: now)
  }

  public func devices(userID: Int) async throws -> [GPodderDevice] { try await devices.devices(userID: userID) }

  public func upload(
    _ upload: GPodderSubscriptionUpload, device: String, userID: Int, now: Int64
  ) async throws -> GPodderUploadResult {
    try GPodderRules.checkDevice(device)
    guard upload.add.count + upload.remove.count <= GPodderRules.subscriptionLimit else {
      throw CoreError.invalid("At most \(GPodderRules.subscriptionLimit) subscription changes at once")
    }
    guard Set(upload.add).isDisjoint(with: upload.remove) else {
      throw CoreError.invalid("A URL cannot be both added and removed")
    }
    var updated: [[String]] = []
    func cleaned(_ urls: [String]) -> [String] {
      urls.compactMap { url in
        let clean = GPodderRules.cleanURL(url)
        if clean != url { updated.append([url, clean ?? ""]) }
        return clean
      }
    }
    let (add, remove) = (cleaned(upload.add), cleaned(upload.remove))
    try await devices.save(userID: userID, id: device, caption: nil, type: nil, now: now)
    try await subscriptions.change(userID: userID, add: add, remove: remove, now: now)
    return GPodderUploadResult(timestamp: Self.seconds(now), updateURLs: updated)
  }

  public func changes(device: String, since: Int64?, userID: Int, now: Int64) async throws
    -> GPodderSubscriptionChanges
  {
    try GPodderRules.checkDevice(device)
    let changed = try await subscriptions.changes(userID: userID, after: Self.milliseconds(since))
    return GPodderSubscriptionChanges(add: changed.add, remove: changed.remove, timestamp: Self.seconds(now))
  }

  /// The simple API's PUT: the device's whole list.
  public func replace(_ urls: [String], device: String, userID: Int, now: Int64) async throws {
    try GPodderRules.checkDevice(device)
    guard urls.count <= GPodderRules.subscriptionLimit else {
      throw CoreError.invalid("At most \(GPodderRules.subscriptionLimit) subscriptions")
    }
    try await devices.save(userID: userID, id: device, caption: nil, type: nil, now: now)
    try await subscriptions.replace(userID: userID, urls: Array(Set(urls.compactMap(GPodderRules.cleanURL))), now: now)
  }

  public func subscriptionList(userID: Int) async throws -> [String] {
    try await subscriptions.subscriptions(userID: userID)
  }

  /// Each `play` and `new` action becomes a progress report (the newest position wins, as from
  /// any client); the others are accepted and not kept.
  public func upload(_ actions: [GPodderEpisodeAction], userID: Int, now: Int64) async throws -> GPodderUploadResult {
    guard actions.count <= GPodderRules.uploadLimit else {
      throw CoreError.invalid("At most \(GPodderRules.uploadLimit) episode actions at once")
    }
    let reports = try actions.compactMap { action -> (String, ProgressReport)? in
      guard let episode = GPodderRules.cleanURL(action.episode) else {
        throw CoreError.invalid("An episode action's episode is its http(s) URL")
      }
      return try GPodderRules.report(for: action, now: now).map { (episode, $0) }
    }
    for (episode, report) in reports {
      _ = try await progress.report(report, kind: .episodes, id: episode, userID: userID, now: now)
    }
    return GPodderUploadResult(timestamp: Self.seconds(now))
  }

  /// Episode progress stored after `since`, as actions; only `podcast`'s when one is given.
  public func actions(since: Int64?, podcast: String?, userID: Int, now: Int64) async throws -> GPodderEpisodeActions {
    let changed = try await progress.changes(userID: userID, after: Self.milliseconds(since), limit: Self.downloadLimit)
    let actions = changed.filter { $0.kind == .episodes && (podcast == nil || $0.feed == podcast) }
      .map(GPodderRules.action(for:))
    return GPodderEpisodeActions(actions: actions, timestamp: Self.seconds(now))
  }

  static func seconds(_ milliseconds: Int64) -> Int64 { milliseconds / 1_000 }

  /// `since` seconds → the ms after which changes count: everything stored from that second on.
  static func milliseconds(_ since: Int64?) -> Int64 {
    guard let since, since > 0 else { return -1 }
    return since > Int64.max / 1_000 ? Int64.max : since * 1_000 - 1
  }
}
