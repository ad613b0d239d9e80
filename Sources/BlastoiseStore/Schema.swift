import BlastoiseStoreShared

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
    Migration(
      version: 3, name: "library",
      sql: """
        CREATE TABLE tracks (
          id TEXT PRIMARY KEY NOT NULL,
          filename TEXT NOT NULL,
          title TEXT,
          artist TEXT,
          album TEXT,
          duration REAL NOT NULL,
          replay_gain_db REAL,
          replay_peak REAL,
          added_at INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE track_files (
          path TEXT PRIMARY KEY NOT NULL,
          track_id TEXT NOT NULL REFERENCES tracks(id),
          size INTEGER NOT NULL,
          modified_ns INTEGER NOT NULL,
          present INTEGER NOT NULL DEFAULT 1
        ) STRICT;
        CREATE INDEX track_files_by_track ON track_files(track_id, present);
        """),
    Migration(
      version: 4, name: "channels",
      sql: """
        CREATE TABLE channels (
          id TEXT PRIMARY KEY NOT NULL,
          name TEXT NOT NULL,
          description TEXT NOT NULL,
          created_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
          is_default INTEGER NOT NULL DEFAULT 0,
          queue TEXT NOT NULL,
          current_index INTEGER NOT NULL,
          paused INTEGER NOT NULL,
          anchor_position REAL NOT NULL,
          anchor_time REAL NOT NULL,
          mode TEXT NOT NULL,
          shuffle_state INTEGER NOT NULL,
          seq INTEGER NOT NULL,
          created_at INTEGER NOT NULL
        ) STRICT;
        CREATE UNIQUE INDEX one_default_channel ON channels(is_default) WHERE is_default = 1;
        """),
    Migration(
      version: 5, name: "playlists",
      sql: """
        CREATE TABLE playlists (
          id TEXT PRIMARY KEY NOT NULL,
          owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          name TEXT NOT NULL,
          description TEXT NOT NULL,
          is_public INTEGER NOT NULL DEFAULT 0,
          share_token TEXT UNIQUE,
          track_ids TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX playlists_by_owner ON playlists(owner_id);
        CREATE TABLE playlist_links (
          user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          playlist_id TEXT NOT NULL REFERENCES playlists(id) ON DELETE CASCADE,
          PRIMARY KEY (user_id, playlist_id)
        ) STRICT;
        """),
    Migration(
      version: 6, name: "fetch_jobs",
      sql: """
        CREATE TABLE fetch_jobs (
          id TEXT PRIMARY KEY NOT NULL,
          position INTEGER NOT NULL UNIQUE,
          owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          url TEXT NOT NULL,
          title TEXT NOT NULL,
          status TEXT NOT NULL
            CHECK (status IN ('queued', 'downloading', 'processing', 'complete', 'error', 'cancelled')),
          error TEXT,
          track_id TEXT,
          playlist_id TEXT REFERENCES playlists(id) ON DELETE SET NULL,
          playlist_index INTEGER,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX fetch_jobs_by_owner ON fetch_jobs(owner_id);
        """),
    // Guests become session-only: the accounts earlier builds made per visit go (with their
    // sessions, by cascade); a guest owns nothing, so nothing else is lost.
    Migration(
      version: 7, name: "guest_sessions",
      sql: """
        CREATE TABLE guest_sessions (
          token_hash TEXT PRIMARY KEY NOT NULL,
          name TEXT NOT NULL UNIQUE,
          address TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          last_seen_at INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX guest_sessions_by_address ON guest_sessions(address, created_at);
        CREATE INDEX guest_sessions_by_last_seen ON guest_sessions(last_seen_at);
        DELETE FROM users WHERE role = 'guest';
        """),
    // The guest limit counts per client key, which for IPv6 is the /64 (`ClientAddress`), while
    // `address` keeps the address itself for the admin's list. Rows from before count by their
    // own address until they expire (ten idle minutes).
    Migration(
      version: 8, name: "guest_sessions_limit_key",
      sql: """
        ALTER TABLE guest_sessions ADD COLUMN limit_key TEXT NOT NULL DEFAULT '';
        UPDATE guest_sessions SET limit_key = address;
        DROP INDEX guest_sessions_by_address;
        CREATE INDEX guest_sessions_by_limit_key ON guest_sessions(limit_key, created_at);
        """),
    // A track's cover: the SHA-256 of its picture, whose bytes live under <data-dir>/covers. No
    // stored file matches its modification time any more, so the next scan reads each once again
    // and finds its cover.
    Migration(
      version: 9, name: "track_covers",
      sql: """
        ALTER TABLE tracks ADD COLUMN cover_id TEXT;
        UPDATE track_files SET modified_ns = -1;
        """),
  ]
}
