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
    // The catalog (docs/architecture.md, "Catalog"): tracks keep every tag the scan reads and
    // where they sit (album, artists, library order); albums, artists and genres are derived
    // from the present tracks. Files read before are read again at the next scan, for their tags.
    Migration(
      version: 10, name: "catalog",
      sql: """
        ALTER TABLE tracks ADD COLUMN album_artist TEXT;
        ALTER TABLE tracks ADD COLUMN track_number INTEGER;
        ALTER TABLE tracks ADD COLUMN track_total INTEGER;
        ALTER TABLE tracks ADD COLUMN disc_number INTEGER;
        ALTER TABLE tracks ADD COLUMN disc_total INTEGER;
        ALTER TABLE tracks ADD COLUMN date TEXT;
        ALTER TABLE tracks ADD COLUMN genres TEXT NOT NULL DEFAULT '';
        ALTER TABLE tracks ADD COLUMN composer TEXT;
        ALTER TABLE tracks ADD COLUMN compilation INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE tracks ADD COLUMN mb_track_id TEXT;
        ALTER TABLE tracks ADD COLUMN mb_album_id TEXT;
        ALTER TABLE tracks ADD COLUMN mb_artist_id TEXT;
        ALTER TABLE tracks ADD COLUMN mb_album_artist_id TEXT;
        ALTER TABLE tracks ADD COLUMN title_sort TEXT;
        ALTER TABLE tracks ADD COLUMN artist_sort TEXT;
        ALTER TABLE tracks ADD COLUMN album_sort TEXT;
        ALTER TABLE tracks ADD COLUMN album_artist_sort TEXT;
        ALTER TABLE tracks ADD COLUMN lyrics TEXT;
        ALTER TABLE tracks ADD COLUMN album_id TEXT;
        ALTER TABLE tracks ADD COLUMN album_credit TEXT;
        ALTER TABLE tracks ADD COLUMN album_artist_id TEXT;
        ALTER TABLE tracks ADD COLUMN artist_id TEXT;
        ALTER TABLE tracks ADD COLUMN available INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE tracks ADD COLUMN order_key TEXT NOT NULL DEFAULT '';
        UPDATE tracks SET available = EXISTS (SELECT 1 FROM track_files f WHERE f.track_id = tracks.id AND f.present = 1);
        UPDATE track_files SET modified_ns = -1;
        CREATE INDEX tracks_in_order ON tracks(order_key, id);
        CREATE INDEX tracks_by_album ON tracks(album_id, available, order_key);
        CREATE INDEX tracks_by_artist ON tracks(artist_id, available);
        CREATE INDEX tracks_by_album_artist ON tracks(album_artist_id, available);
        -- Every column but the lyrics, which only GET /api/tracks/:id/lyrics reads.
        CREATE VIEW track_rows AS SELECT id, filename, title, artist, album, duration, replay_gain_db, replay_peak,
          added_at, album_artist, track_number, track_total, disc_number, disc_total, date, genres, composer,
          compilation, mb_track_id, mb_album_id, mb_artist_id, mb_album_artist_id, title_sort, artist_sort, album_sort,
          album_artist_sort, lyrics IS NOT NULL AS has_lyrics, album_id, album_credit, album_artist_id, artist_id,
          available, order_key, cover_id
          FROM tracks;
        CREATE TABLE albums (
          id TEXT PRIMARY KEY NOT NULL,
          name TEXT NOT NULL,
          artist TEXT,
          artist_id TEXT,
          year INTEGER,
          genres TEXT NOT NULL,
          track_count INTEGER NOT NULL,
          disc_count INTEGER NOT NULL,
          duration REAL NOT NULL,
          compilation INTEGER NOT NULL,
          mb_album_id TEXT,
          added_at INTEGER NOT NULL,
          name_key TEXT NOT NULL,
          artist_key TEXT NOT NULL,
          shuffle_key INTEGER NOT NULL,
          cover_id TEXT
        ) STRICT;
        CREATE INDEX albums_by_name ON albums(name_key, id);
        CREATE INDEX albums_by_artist_name ON albums(artist_key, year, name_key, id);
        CREATE INDEX albums_by_year ON albums(coalesce(year, 100000), name_key, id);
        CREATE INDEX albums_by_added ON albums(added_at DESC, id);
        CREATE INDEX albums_by_artist ON albums(artist_id);
        CREATE TABLE artists (
          id TEXT PRIMARY KEY NOT NULL,
          name TEXT NOT NULL,
          album_count INTEGER NOT NULL,
          track_count INTEGER NOT NULL,
          mb_artist_id TEXT,
          added_at INTEGER NOT NULL,
          name_key TEXT NOT NULL,
          shuffle_key INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX artists_by_name ON artists(name_key, id);
        CREATE INDEX artists_by_added ON artists(added_at DESC, id);
        CREATE TABLE genres (
          id TEXT PRIMARY KEY NOT NULL,
          name TEXT NOT NULL,
          name_key TEXT NOT NULL,
          album_count INTEGER NOT NULL,
          track_count INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX genres_by_name ON genres(name_key, id);
        CREATE TABLE track_genres (
          genre_id TEXT NOT NULL,
          track_id TEXT NOT NULL REFERENCES tracks(id),
          name TEXT NOT NULL,
          PRIMARY KEY (genre_id, track_id)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX track_genres_by_track ON track_genres(track_id);
        CREATE TABLE album_genres (
          genre_id TEXT NOT NULL,
          album_id TEXT NOT NULL REFERENCES albums(id) ON DELETE CASCADE,
          PRIMARY KEY (genre_id, album_id)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX album_genres_by_album ON album_genres(album_id);
        -- Search (kind 0 artists, 1 albums, 2 tracks): each folded word of an entry's name (field
        -- 0) or of the rest of it (field 1: a track's artist and album, an album's artist), in the
        -- order candidates are read; and each entry's words, for the other terms of a search.
        CREATE TABLE search_entries (
          kind INTEGER NOT NULL,
          ref TEXT NOT NULL,
          name TEXT NOT NULL,
          text TEXT NOT NULL,
          PRIMARY KEY (kind, ref)
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE search_words (
          kind INTEGER NOT NULL,
          field INTEGER NOT NULL,
          word TEXT NOT NULL,
          name_length INTEGER NOT NULL,
          ref TEXT NOT NULL,
          PRIMARY KEY (kind, field, word, name_length, ref)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX search_words_by_ref ON search_words(kind, ref);
        """),
    // Per-person library data (`AnnotationStore`): one row per account and track, album or artist
    // (`kind` 'tracks', 'albums', 'artists'), kept by ID without a foreign key to the item, so an
    // album that leaves the library and comes back keeps them.
    Migration(
      version: 11, name: "annotations",
      sql: """
        CREATE TABLE annotations (
          user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          kind TEXT NOT NULL CHECK (kind IN ('tracks', 'albums', 'artists')),
          item_id TEXT NOT NULL,
          favourite_at INTEGER,
          rating INTEGER CHECK (rating BETWEEN 1 AND 5),
          play_count INTEGER NOT NULL DEFAULT 0,
          played_at INTEGER,
          PRIMARY KEY (user_id, kind, item_id)
        ) STRICT, WITHOUT ROWID;
        """),
    // Failed sign-ins, shared by every node (one text for both backends).
    .signInFailures,
    // Spoken-word progress per person (one text for both backends).
    .listeningProgress,
    // App passwords (one text for both backends).
    .appPasswords,
    // Podcast subscriptions and gPodder devices (one text for both backends).
    .podcastSubscriptions,
    // Import jobs followed from every node: the running node's progress, and a cancel asked
    // for on another node.
    Migration(
      version: 16, name: "fetch_jobs_shared",
      sql: """
        ALTER TABLE fetch_jobs ADD COLUMN progress INTEGER NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100);
        ALTER TABLE fetch_jobs ADD COLUMN cancel_requested INTEGER NOT NULL DEFAULT 0 CHECK (cancel_requested IN (0, 1));
        """),
    // Podcast feeds and their episodes (one text for both backends).
    .podcastFeeds,
    // Audiobooks (one text for both backends).
    .books,
    // Bookmarks and playback rates per person (one text for both backends).
    .listeningBookmarksAndRates,
    // Episode downloads and each feed's keep-latest count (one text for both backends).
    .podcastDownloads,
    // Room control modes and DJs (one text for both backends).
    .roomControl,
    // Backed-up photos and videos (one text for both backends).
    .photos,
    // Each room's latest chat messages (one text for both backends).
    .roomChat,
    // Who added each queue entry, and private rooms' invite tokens (one text for both backends).
    .roomInvites,
    // App passwords' secrets sealed, for Subsonic token authentication (one text for both backends).
    .appPasswordSecrets,
    // Each person's saved play queue and media bookmarks (one text for both backends).
    .playQueues,
    // A book's series (one text for both backends).
    .bookSeries,
    // A podcast's own refresh interval (one text for both backends).
    .podcastRefreshMinutes,
    // A podcast's picture as a cover (one text for both backends).
    .podcastCovers,
    // A track's file size (bytes) and bit rate (kbit/s), for the Subsonic API's songs. Every file
    // is read again at the next scan, for its bit rate.
    Migration(
      version: 30, name: "track_size_bit_rate",
      sql: """
        ALTER TABLE tracks ADD COLUMN size INTEGER;
        ALTER TABLE tracks ADD COLUMN bit_rate INTEGER;
        UPDATE track_files SET modified_ns = -1;
        DROP VIEW track_rows;
        CREATE VIEW track_rows AS SELECT id, filename, title, artist, album, duration, replay_gain_db, replay_peak,
          added_at, album_artist, track_number, track_total, disc_number, disc_total, date, genres, composer,
          compilation, mb_track_id, mb_album_id, mb_artist_id, mb_album_artist_id, title_sort, artist_sort, album_sort,
          album_artist_sort, lyrics IS NOT NULL AS has_lyrics, album_id, album_credit, album_artist_id, artist_id,
          available, order_key, cover_id, size, bit_rate
          FROM tracks;
        """),
    // ReplayGain album gain and peak, for leveling by album. Every file is read again at the next
    // scan, for its tags.
    Migration(
      version: 31, name: "track_album_gain",
      sql: """
        ALTER TABLE tracks ADD COLUMN album_gain_db REAL;
        ALTER TABLE tracks ADD COLUMN album_peak REAL;
        UPDATE track_files SET modified_ns = -1;
        DROP VIEW track_rows;
        CREATE VIEW track_rows AS SELECT id, filename, title, artist, album, duration, replay_gain_db, replay_peak,
          added_at, album_artist, track_number, track_total, disc_number, disc_total, date, genres, composer,
          compilation, mb_track_id, mb_album_id, mb_artist_id, mb_album_artist_id, title_sort, artist_sort, album_sort,
          album_artist_sort, lyrics IS NOT NULL AS has_lyrics, album_id, album_credit, album_artist_id, artist_id,
          available, order_key, cover_id, size, bit_rate, album_gain_db, album_peak
          FROM tracks;
        """),
    // Display names, disabled accounts and the instance's switches (one text for both backends).
    .accountAdmin,
  ]
}
