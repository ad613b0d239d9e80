/// The server's schema, one numbered migration per change. Never edit a migration that has
/// shipped: add the next number.
public enum BlastoiseSchema {
  public static let migrations: [Migration] = [
    Migration(
      version: 1, name: "server_info",
      sql: """
        CREATE TABLE server_info (
          key TEXT PRIMARY KEY NOT NULL,
          value TEXT NOT NULL
        ) STRICT;
        INSERT INTO server_info (key, value) VALUES ('created_at', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
        """)
  ]
}
