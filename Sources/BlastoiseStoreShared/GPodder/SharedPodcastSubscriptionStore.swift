import BlastoiseCore
import BlastoiseProtocol

/// `PodcastSubscriptionStore` for either backend, its SQL written once.
public struct SharedPodcastSubscriptionStore<Access: StoreAccess>: PodcastSubscriptionStore {
  private let access: Access

  public init(access: Access) { self.access = access }

  public func change(userID: Int, add: [String], remove: [String], now: Int64) async throws {
    try await access.write { connection in
      for (urls, subscribed) in [(remove, false), (add, true)] {
        for url in urls { try Self.set(url, subscribed: subscribed, userID: userID, now: now, connection) }
      }
    }
  }

  public func replace(userID: Int, urls: [String], now: Int64) async throws {
    try await access.write { connection in
      try connection.execute(
        """
        UPDATE podcast_subscriptions SET subscribed = 0, changed_at = $2
        WHERE user_id = $1 AND subscribed = 1 AND url NOT IN (\(connection.dialect.textList("$3")))
        """, StoreValue(userID), .integer(now), .text(try StringListColumn.encode(urls)))
      for url in urls {
        try connection.execute(
          """
          INSERT INTO podcast_subscriptions (user_id, url, subscribed, changed_at) VALUES ($1, $2, 1, $3)
          ON CONFLICT (user_id, url) DO UPDATE SET subscribed = 1, changed_at = excluded.changed_at
          WHERE podcast_subscriptions.subscribed = 0
          """, StoreValue(userID), .text(url), .integer(now))
      }
    }
  }

  public func subscriptions(userID: Int) async throws -> [String] {
    try await access.read { connection in
      try connection.query(
        """
        SELECT url FROM podcast_subscriptions WHERE user_id = $1 AND subscribed = 1
        ORDER BY changed_at, \(connection.dialect.byteOrder("url"))
        """, StoreValue(userID)
      ).compactMap { $0.string("url") }
    }
  }

  public func changes(userID: Int, after time: Int64) async throws -> (add: [String], remove: [String]) {
    let rows = try await access.read { connection in
      try connection.query(
        """
        SELECT url, subscribed FROM podcast_subscriptions WHERE user_id = $1 AND changed_at > $2
        ORDER BY changed_at, \(connection.dialect.byteOrder("url"))
        """, StoreValue(userID), .integer(time))
    }
    var changes: (add: [String], remove: [String]) = ([], [])
    for row in rows {
      guard let url = row.string("url") else { continue }
      if row.bool("subscribed") == true { changes.add.append(url) } else { changes.remove.append(url) }
    }
    return changes
  }

  /// A change of state only: subscribing twice keeps the first time.
  private static func set(_ url: String, subscribed: Bool, userID: Int, now: Int64, _ connection: Access.Connection)
    throws
  {
    try connection.execute(
      """
      INSERT INTO podcast_subscriptions (user_id, url, subscribed, changed_at) VALUES ($1, $2, $3, $4)
      ON CONFLICT (user_id, url) DO UPDATE SET subscribed = excluded.subscribed, changed_at = excluded.changed_at
      WHERE podcast_subscriptions.subscribed != excluded.subscribed
      """, StoreValue(userID), .text(url), .integer(subscribed ? 1 : 0), .integer(now))
  }
}

/// `GPodderDeviceStore` for either backend, its SQL written once.
public struct SharedGPodderDeviceStore<Access: StoreAccess>: GPodderDeviceStore {
  private let access: Access

  public init(access: Access) { self.access = access }

  public func save(userID: Int, id: String, caption: String?, type: String?, now: Int64) async throws {
    try await access.write { connection in
      try connection.execute(
        """
        INSERT INTO gpodder_devices (user_id, id, caption, type, updated_at)
        VALUES ($1, $2, COALESCE($3, ''), COALESCE($4, 'other'), $5)
        ON CONFLICT (user_id, id) DO UPDATE SET
          caption = COALESCE($3, gpodder_devices.caption), type = COALESCE($4, gpodder_devices.type),
          updated_at = excluded.updated_at
        """, StoreValue(userID), .text(id), StoreValue(caption), StoreValue(type), .integer(now))
    }
  }

  public func devices(userID: Int) async throws -> [GPodderDevice] {
    try await access.read { connection in
      let count =
        try connection.queryOne(
          "SELECT count(*) AS n FROM podcast_subscriptions WHERE user_id = $1 AND subscribed = 1", StoreValue(userID)
        )?.int("n") ?? 0
      return try connection.query(
        "SELECT id, caption, type FROM gpodder_devices WHERE user_id = $1 ORDER BY \(connection.dialect.byteOrder("id"))",
        StoreValue(userID)
      ).compactMap { row in
        guard let id = row.string("id") else { return nil }
        return GPodderDevice(
          id: id, caption: row.string("caption") ?? "", type: row.string("type") ?? "other", subscriptions: count)
      }
    }
  }
}

extension Migration {
  /// Migration 15 of both backends, in one text both take: podcast subscriptions per person and
  /// the devices gPodder clients name. Not STRICT on SQLite, which knows no BIGINT.
  public static let podcastSubscriptions = Migration(
    version: 15, name: "podcast_subscriptions",
    sql: """
      CREATE TABLE podcast_subscriptions (
        user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        url TEXT NOT NULL,
        subscribed INTEGER NOT NULL CHECK (subscribed IN (0, 1)),
        changed_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, url)
      );
      CREATE INDEX podcast_subscriptions_by_change ON podcast_subscriptions (user_id, changed_at);
      CREATE TABLE gpodder_devices (
        user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        caption TEXT NOT NULL,
        type TEXT NOT NULL,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, id)
      );
      """)
}
