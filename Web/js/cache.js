// Complete tracks kept in IndexedDB under track.id (never the file name), played back from blob
// URLs. Least recently used tracks go first when the cache passes its size limit — never one a
// download for offline holds (`downloaded`, kept by downloads.js in the same database), and
// those do not count against the limit.
import { trackUrl } from "./api.js";
import { evictions, pinnedKeys } from "./download-plan.js";
import { readJson, writeJson } from "./prefs.js";

const DB_NAME = "blastoise-cache";
const STORE = "tracks";
/** Downloads for offline (downloads.js): version 2 of the database added them. */
export const DOWNLOADS_STORE = "downloads";
const SETTINGS_KEY = "blastoise.cache";
const DEFAULT_LIMIT = 1024 * 1024 * 1024; // 1 GiB
const MAX_TRACK_BYTES = 300 * 1024 * 1024;
/** A download's file may be larger (a whole audiobook in one file): the browser keeps big blobs on disk. */
export const MAX_DOWNLOAD_BYTES = 4 * 1024 * 1024 * 1024;

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error("aborted"));
  });
}

/** The cache's settings kept in the browser: none when storage is refused or holds no JSON. */
class TrackCache extends EventTarget {
  constructor() {
    super();
    this.dbPromise = null;
    this.urls = new Map(); // id → blob URL
    this.inFlight = new Map(); // id → Promise
    this.pinned = new Set(); // blob URLs the player's elements use
    this.orphaned = new Set(); // of those, ones let go of by the cache meanwhile
    this.downloaded = new Set(); // keys downloads hold (downloads.js keeps it current)
    const saved = readJson(SETTINGS_KEY);
    this.enabled = saved.enabled !== false;
    this.limit = Number(saved.limit) > 0 ? Number(saved.limit) : DEFAULT_LIMIT;
  }

  saveSettings() {
    writeJson(SETTINGS_KEY, { enabled: this.enabled, limit: this.limit });
    this.changed();
  }

  setEnabled(enabled) {
    this.enabled = enabled;
    this.saveSettings();
  }

  setLimit(bytes) {
    this.limit = bytes;
    this.saveSettings();
    this.evict().catch(() => {});
  }

  changed() {
    this.dispatchEvent(new Event("change"));
  }

  db() {
    if (!("indexedDB" in window)) return Promise.reject(new Error("IndexedDB is not available"));
    if (!this.dbPromise) {
      this.dbPromise = new Promise((resolve, reject) => {
        const req = indexedDB.open(DB_NAME, 2);
        req.onupgradeneeded = (event) => {
          if (event.oldVersion < 1) req.result.createObjectStore(STORE, { keyPath: "id" }).createIndex("lastUsed", "lastUsed");
          if (event.oldVersion < 2) req.result.createObjectStore(DOWNLOADS_STORE, { keyPath: "key" });
        };
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      }).then(async (db) => {
        // What downloads hold is known before anything could be evicted.
        this.downloaded = pinnedKeys(await request(db.transaction(DOWNLOADS_STORE).objectStore(DOWNLOADS_STORE).getAll()));
        return db;
      });
      this.dbPromise.catch(() => { this.dbPromise = null; });
    }
    return this.dbPromise;
  }

  async get(id) {
    try {
      const db = await this.db();
      return (await request(db.transaction(STORE).objectStore(STORE).get(id))) || null;
    } catch {
      return null;
    }
  }

  /** A playable URL for the cached blob, or null. The URL stays valid until the entry goes. */
  async objectUrl(id) {
    if (this.urls.has(id)) return this.urls.get(id);
    const entry = await this.get(id);
    if (!entry?.blob) return null;
    const url = URL.createObjectURL(entry.blob);
    this.urls.set(id, url);
    this.touch(id).catch(() => {});
    return url;
  }

  async touch(id) {
    const db = await this.db();
    const tx = db.transaction(STORE, "readwrite");
    const store = tx.objectStore(STORE);
    const entry = await request(store.get(id));
    if (entry) {
      entry.lastUsed = Date.now();
      store.put(entry);
    }
    await done(tx);
  }

  async put(id, blob, contentType) {
    const db = await this.db();
    const now = Date.now();
    const tx = db.transaction(STORE, "readwrite");
    tx.objectStore(STORE).put({ id, blob, contentType, size: blob.size, storedAt: now, lastUsed: now });
    await done(tx);
    await this.evict(id);
    this.changed();
  }

  /** Downloads a played track's whole file and keeps it (once per id at a time). */
  store(id) {
    return this.enabled ? this.storeUrl(id, trackUrl(id)) : Promise.resolve(false);
  }

  /** Fetches `url` whole and keeps it under `id` (a download's file, also with the cache off),
   *  when it is at most `maxBytes`. */
  storeUrl(id, url, maxBytes = MAX_TRACK_BYTES) {
    if (this.inFlight.has(id)) return this.inFlight.get(id);
    const job = (async () => {
      if (await this.get(id)) return true;
      const response = await fetch(url, { credentials: "include" });
      if (!response.ok) return false;
      const length = Number(response.headers.get("Content-Length") || 0);
      if (length > maxBytes) return false;
      const blob = await response.blob();
      if (blob.size === 0 || blob.size > maxBytes) return false;
      await this.put(id, blob, response.headers.get("Content-Type") || blob.type);
      return true;
    })().catch(() => false).finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, job);
    return job;
  }

  async entries() {
    try {
      const db = await this.db();
      const list = [];
      await new Promise((resolve, reject) => {
        const cursorReq = db.transaction(STORE).objectStore(STORE).openCursor();
        cursorReq.onsuccess = () => {
          const cursor = cursorReq.result;
          if (!cursor) return resolve();
          const { id, size, storedAt, lastUsed, contentType } = cursor.value;
          list.push({ id, size, storedAt, lastUsed, contentType });
          cursor.continue();
        };
        cursorReq.onerror = () => reject(cursorReq.error);
      });
      return list;
    } catch {
      return [];
    }
  }

  /** The played tracks kept (not the files downloads hold): { count, bytes, entries }. */
  async stats() {
    const list = (await this.entries()).filter((entry) => !this.downloaded.has(entry.id));
    return { count: list.length, bytes: list.reduce((sum, e) => sum + (e.size || 0), 0), entries: list };
  }

  /** Drops least recently used played tracks (never `keep`, nor a download's) until they fit the limit. */
  async evict(keep) {
    for (const id of evictions(await this.entries(), this.downloaded, this.limit, keep)) await this.delete(id, { quiet: true });
  }

  /** A playable URL for a file a download holds (also with the cache off), or null. */
  async downloadedUrl(id) {
    return this.downloaded.has(id) ? this.objectUrl(id) : null;
  }

  async delete(id, { quiet = false } = {}) {
    const db = await this.db();
    const tx = db.transaction(STORE, "readwrite");
    tx.objectStore(STORE).delete(id);
    await done(tx);
    this.revoke(id);
    if (!quiet) this.changed();
  }

  /** Lets go of every played track; the files downloads hold stay. */
  async clear() {
    for (const entry of await this.entries()) {
      if (!this.downloaded.has(entry.id)) await this.delete(entry.id, { quiet: true });
    }
    this.changed();
  }

  revoke(id) {
    const url = this.urls.get(id);
    this.urls.delete(id);
    if (!url) return;
    if (this.pinned.has(url)) this.orphaned.add(url); // still playing: revoke when the player lets go
    else URL.revokeObjectURL(url);
  }

  /** The player says which blob URLs its audio elements use (none, one, or two while a track
   *  fades into the next; nulls are ignored). */
  pin(...urls) {
    this.pinned = new Set(urls.filter(Boolean));
    for (const url of this.orphaned) {
      if (this.pinned.has(url)) continue;
      URL.revokeObjectURL(url);
      this.orphaned.delete(url);
    }
  }
}

export const cache = new TrackCache();
