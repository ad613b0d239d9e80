// Downloads for offline, as plain data: what one holds (an album's, a playlist's tracks; a book's
// files; a podcast episode the server keeps), which kept files they pin, and which played tracks
// the cache may let go. No I/O here, so node's test runner checks it (downloads.js keeps them).
//
// A download is { key, kind: "album"|"playlist"|"book"|"episode", id, name, subtitle, addedAt,
// items: [{ key, url, title, artist, album, duration }] }. An item's key names its kept file: a
// library track by its ID (the cache's key for tracks it keeps after they play), another file by
// its address ("file:/api/books/…").
import { bookFileUrl, trackUrl } from "./api.js";

export const KINDS = ["album", "playlist", "book", "episode"];

export const downloadKey = (kind, id) => `${kind}:${id}`;

/** Library tracks as items (those the server no longer has are left out). */
export function trackItems(tracks) {
  return (tracks || []).filter((track) => track.available !== false).map((track) => ({
    key: track.id, url: trackUrl(track.id), title: track.title || track.filename || "Track", artist: track.artist || "",
    album: track.album || "", duration: track.duration || 0,
  }));
}

/** A download of library tracks: an album's or a playlist's. */
export function tracksDownload(kind, id, name, subtitle, tracks, now = Date.now()) {
  return { key: downloadKey(kind, id), kind, id, name, subtitle, addedAt: now, items: trackItems(tracks) };
}

/** An audiobook's files, each as an item (the book plays them one after another). */
export function bookDownload(book, now = Date.now()) {
  const parts = book.files?.length || 0;
  return {
    key: downloadKey("book", book.id), kind: "book", id: book.id, name: book.title, subtitle: book.author || "Audiobook", addedAt: now,
    items: (book.files || []).map((file, index) => {
      const url = bookFileUrl(book.id, index);
      return { key: `file:${url}`, url, title: parts > 1 ? `${book.title} (part ${index + 1} of ${parts})` : book.title, artist: book.author || "", album: book.title, duration: file.duration || 0 };
    }),
  };
}

/** A podcast episode, when the server keeps a copy of it (the publisher's address is another
 *  site's: the page cannot keep it). Null otherwise. */
export function episodeDownload(podcast, episode, now = Date.now()) {
  if (!episode.streamUrl) return null;
  const url = episode.streamUrl;
  return {
    key: downloadKey("episode", episode.url), kind: "episode", id: episode.url, name: episode.title || "Episode", subtitle: podcast.title || "Podcast", addedAt: now,
    items: [{ key: `file:${url}`, url, title: episode.title || "Episode", artist: podcast.author || podcast.title || "", album: podcast.title || "", duration: episode.duration || 0 }],
  };
}

/** Every kept file some download holds. */
export function pinnedKeys(downloads) {
  return new Set(downloads.flatMap((download) => download.items.map((item) => item.key)));
}

/** The download's items not kept yet (`kept`: a Set of keys). */
export function missingItems(download, kept) {
  return download.items.filter((item) => !kept.has(item.key));
}

/** How much of the download is kept: { items, kept, bytes } (`sizes`: key → bytes kept). */
export function downloadProgress(download, sizes) {
  let kept = 0;
  let bytes = 0;
  for (const item of download.items) {
    if (!sizes.has(item.key)) continue;
    kept += 1;
    bytes += sizes.get(item.key) || 0;
  }
  return { items: download.items.length, kept, bytes };
}

/**
 * The played tracks to let go so the rest fit `limit`: least recently used first, never a file
 * a download holds (`pinned`) nor `keep` (the one just stored). Downloads are not counted against
 * the limit: they have their own (`DOWNLOADS_LIMIT`), checked before each file is fetched.
 */
export function evictions(entries, pinned, limit, keep = null) {
  const loose = entries.filter((entry) => !pinned.has(entry.id)).sort((a, b) => a.lastUsed - b.lastUsed);
  let total = loose.reduce((sum, entry) => sum + (entry.size || 0), 0);
  const out = [];
  for (const entry of loose) {
    if (total <= limit) break;
    if (entry.id === keep) continue;
    out.push(entry.id);
    total -= entry.size || 0;
  }
  return out;
}

/** Bytes that downloads hold (each kept file once, though two downloads share it). */
export function pinnedBytes(entries, pinned) {
  return entries.reduce((sum, entry) => sum + (pinned.has(entry.id) ? entry.size || 0 : 0), 0);
}
