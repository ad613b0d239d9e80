// Downloads for offline: an album, a playlist, a book or an episode kept whole on this device,
// played from there when the server cannot be reached (views/offline.js) and ahead of the
// network when it can. The records (download-plan.js) live in the track cache's database, their
// files in the cache itself, held there (`cache.downloaded`) until the download is removed. The
// files of all downloads together stay under a limit of their own; a download over it stops and
// says so.
import { cache, DOWNLOADS_STORE, MAX_DOWNLOAD_BYTES } from "./cache.js";
import { downloadProgress, missingItems, pinnedBytes, pinnedKeys } from "./download-plan.js";
import { formatBytes } from "./format.js";
import { readJson, writeJson } from "./prefs.js";

const SETTINGS_KEY = "blastoise.downloads";
export const DOWNLOAD_LIMITS = [1, 2, 4, 8, 16, 32].map((gb) => gb * 1024 ** 3);
const DEFAULT_LIMIT = 4 * 1024 ** 3;

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

class Downloads extends EventTarget {
  constructor() {
    super();
    this.running = new Map(); // key → { kept, items, error? } while fetching, and after a failure
    const saved = readJson(SETTINGS_KEY);
    this.limit = Number(saved.limit) > 0 ? Number(saved.limit) : DEFAULT_LIMIT;
    // Every Save offline button on a page asks at each change: one read of the database serves all.
    this.read = null;
    cache.addEventListener("change", () => { this.read = null; });
  }

  setLimit(bytes) {
    this.limit = bytes;
    writeJson(SETTINGS_KEY, { limit: bytes });
    this.changed();
  }

  changed() {
    this.read = null;
    this.dispatchEvent(new Event("change"));
  }

  /** Every download, the newest first. */
  async list() {
    try {
      const db = await cache.db();
      const all = await request(db.transaction(DOWNLOADS_STORE).objectStore(DOWNLOADS_STORE).getAll());
      return all.sort((a, b) => b.addedAt - a.addedAt);
    } catch {
      return [];
    }
  }

  /** Tells the cache which files downloads hold; returns the downloads. */
  async refresh() {
    const all = await this.list();
    cache.downloaded = pinnedKeys(all);
    return all;
  }

  /** Each download with how much of it is kept: [{ download, items, kept, bytes, running, error }]. */
  summaries() {
    this.read ??= this.readSummaries().catch((error) => {
      this.read = null;
      throw error;
    });
    return this.read;
  }

  async readSummaries() {
    const all = await this.refresh();
    const sizes = new Map((await cache.entries()).map((entry) => [entry.id, entry.size || 0]));
    return all.map((download) => {
      const state = this.running.get(download.key);
      return { download, ...downloadProgress(download, sizes), running: Boolean(state?.job), error: state?.error ?? null };
    });
  }

  /** One download's summary, or null when it is not downloaded. */
  async summary(key) {
    return (await this.summaries()).find((entry) => entry.download.key === key) ?? null;
  }

  /** Bytes the downloads' files take. */
  async bytes() {
    return pinnedBytes(await cache.entries(), cache.downloaded);
  }

  /** Keeps the download and fetches what of it is not kept yet. */
  async add(download) {
    const db = await cache.db();
    const tx = db.transaction(DOWNLOADS_STORE, "readwrite");
    tx.objectStore(DOWNLOADS_STORE).put(download);
    await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = () => reject(tx.error); });
    this.read = null;
    await this.refresh();
    return this.fetchMissing(download);
  }

  /** Fetches the download's missing files one at a time (once per download at a time); true when
   *  all are kept. */
  fetchMissing(download) {
    const active = this.running.get(download.key);
    if (active?.job) return active.job;
    const state = { job: null, error: null };
    this.running.set(download.key, state);
    this.read = null;
    state.job = (async () => {
      const kept = new Set((await cache.entries()).map((entry) => entry.id));
      this.changed();
      for (const item of missingItems(download, kept)) {
        if ((await this.bytes()) >= this.limit) {
          state.error = `Downloads are at their limit (${formatBytes(this.limit)}): remove one, or raise it in Storage.`;
          break;
        }
        if (!(await cache.storeUrl(item.key, item.url, MAX_DOWNLOAD_BYTES))) {
          state.error = `“${item.title}” could not be downloaded.`;
          break;
        }
        this.changed();
      }
      return !state.error;
    })().catch((error) => {
      state.error = error.message || "The download failed.";
      return false;
    }).finally(() => {
      state.job = null;
      if (!state.error) this.running.delete(download.key);
      this.changed();
    });
    return state.job;
  }

  /** Removes the download; its files become played tracks again (or go, when not tracks the
   *  cache would keep), and the cache's limit applies to them. */
  async remove(key) {
    const db = await cache.db();
    const tx = db.transaction(DOWNLOADS_STORE, "readwrite");
    tx.objectStore(DOWNLOADS_STORE).delete(key);
    await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = () => reject(tx.error); });
    const before = cache.downloaded;
    await this.refresh();
    for (const id of before) {
      if (!cache.downloaded.has(id) && id.startsWith("file:")) await cache.delete(id, { quiet: true });
    }
    this.running.delete(key);
    await cache.evict();
    cache.changed();
    this.changed();
  }

  /** Goes on with downloads a closed page left unfinished. */
  async resume() {
    for (const summary of await this.summaries()) {
      if (summary.kept < summary.items) this.fetchMissing(summary.download).catch(() => {});
    }
  }
}

export const downloads = new Downloads();
