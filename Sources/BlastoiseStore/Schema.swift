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
        """),
    Migration(
      version: 2, name: "accounts",
      sql: """
        CREATE TABLE users (
          id INTEGER PRIMARY KEY,
          username TEXT NOT NULL,
          username_key TEXT NOT NULL UNIQUE,
          password_hash TEXT,
          role TEXT NOT NULL CHECK (role IN ('admin', 'user', 'guest')),
          created_at INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE sessions (
          token_hash TEXT PRIMARY KEY NOT NULL,
          user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          created_at INTEGER NOT NULL,
          last_seen_at INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX sessions_by_user ON sessions(user_id);
        """),
  ]
}
