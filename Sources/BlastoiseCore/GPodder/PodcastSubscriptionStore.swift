import BlastoiseProtocol

/// Each person's podcast subscriptions, by feed URL: one list per person that every device and
/// app shares (a subscription made in AntennaPod is one in gPodder on the desktop too, as
/// Nextcloud's gPodder sync keeps it). A removal is kept, with its time, so that a device asking
/// for changes since then learns of it. Times are milliseconds since 1970.
public protocol PodcastSubscriptionStore: Sendable {
  /// Subscribes to `add` and unsubscribes from `remove` at `now` (a URL in both is refused before).
  func change(userID: Int, add: [String], remove: [String], now: Int64) async throws
  /// Subscribes to exactly `urls` at `now`: the others are removed.
  func replace(userID: Int, urls: [String], now: Int64) async throws
  /// The subscribed feed URLs, the earliest first.
  func subscriptions(userID: Int) async throws -> [String]
  /// What changed strictly after `time`: URLs subscribed and unsubscribed since.
  func changes(userID: Int, after time: Int64) async throws -> (add: [String], remove: [String])
}

/// The devices gPodder clients name (`GPodderDevice`): a caption and a type per device ID.
public protocol GPodderDeviceStore: Sendable {
  /// Makes the device, or changes what is given of it.
  func save(userID: Int, id: String, caption: String?, type: String?, now: Int64) async throws
  /// The account's devices by ID, each with `subscriptions` the person's subscription count.
  func devices(userID: Int) async throws -> [GPodderDevice]
}
