// The HTTP side of the Blastoise API: JSON in and out, errors as JSON or plain text, uploads
// with progress. Same-origin by default; API_BASE may point elsewhere (needs CORS there).

export const API_BASE = (globalThis.BLASTOISE_API_BASE || "").replace(/\/$/, "");

export class ApiError extends Error {
  constructor(message, status, data) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.data = data;
  }
}

function parseBody(text) {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorMessage(data, status) {
  if (data && typeof data === "object") return data.error || data.message || `HTTP ${status}`;
  if (typeof data === "string" && data.trim()) return data.trim().slice(0, 300);
  return `HTTP ${status}`;
}

/** `keepalive`: the request outlives the page (a position saved as the tab closes). */
export async function apiJson(path, { method = "GET", body, signal, keepalive = false } = {}) {
  const init = { method, credentials: "include", signal, keepalive, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  } else if (method !== "GET" && method !== "HEAD") {
    // Mutating routes take JSON bodies; an empty one is fine, the type keeps them happy.
    init.headers["Content-Type"] = "application/json";
  }
  let response;
  try {
    response = await fetch(API_BASE + path, init);
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError("The server cannot be reached", 0, null);
  }
  const data = parseBody(await response.text());
  if (!response.ok) throw new ApiError(errorMessage(data, response.status), response.status, data);
  return data;
}

const enc = encodeURIComponent;

export function trackUrl(trackId) {
  return `${API_BASE}/api/tracks/${enc(trackId)}`;
}

/** A decoded piece of a track: `frames` frames from `start`, at `rate` (FLAC); `fast`: a
 *  chain's first, wanted soon rather than small (WAV). */
export function pieceUrl(trackId, { rate, start, frames, fast = false }) {
  return `${API_BASE}/api/tracks/${enc(trackId)}/piece?rate=${rate}&start=${start}&frames=${frames}${fast ? "&fast=1" : ""}`;
}

/** A cover picture: `size` 64|128|256|512|original, `format` webp|jpeg (or left to the Accept header). */
export function coverUrl(coverId, size = 256, format = "webp") {
  const query = new URLSearchParams({ size: String(size) });
  if (format) query.set("format", format);
  return `${API_BASE}/api/covers/${enc(coverId)}?${query}`;
}

/** "?a=1&b=2" from an object, leaving out empty values. */
function query(params = {}) {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== "");
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}` : "";
}

export function bookFileUrl(bookId, index) {
  return `${API_BASE}/api/books/${enc(bookId)}/files/${index}`;
}

export const opmlUrl = `${API_BASE}/api/podcasts/opml`;

/** A backed-up photo's JPEG thumbnail: `size` 256 (the grid) or 1440 (the viewer). */
export function photoThumbnailUrl(photoId, size = 256) {
  return `${API_BASE}/api/photos/${enc(photoId)}/thumbnail?size=${size}`;
}

/** The photo or video as it was sent (served as an attachment). */
export function photoOriginalUrl(photoId) {
  return `${API_BASE}/api/photos/${enc(photoId)}/original`;
}

/** The room socket's address; `invite` lets it into a private room. */
export function socketUrl(channelId, invite = null) {
  const url = new URL(API_BASE || window.location.origin, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.pathname = `/api/channels/${enc(channelId)}/ws`;
  url.search = invite ? `?invite=${encodeURIComponent(invite)}` : "";
  url.hash = "";
  return url.toString();
}

export const api = {
  status: () => apiJson("/api/status"),
  me: () => apiJson("/api/auth/me"),
  // The name others see instead of the username ("" or null clears it); answers like `me`.
  changeProfile: (displayName) => apiJson("/api/auth/me", { method: "PATCH", body: { displayName } }),
  login: (username, password) => apiJson("/api/auth/login", { method: "POST", body: { username, password } }),
  signup: (username, password) => apiJson("/api/auth/signup", { method: "POST", body: { username, password } }),
  logout: () => apiJson("/api/auth/logout", { method: "POST" }),
  kickOthers: () => apiJson("/api/auth/kick-others", { method: "POST" }),
  // { sessions: [{ id, createdAt, lastSeenAt, current, app? }] } (seconds), and one signed out.
  sessions: () => apiJson("/api/auth/sessions"),
  endSession: (id) => apiJson(`/api/auth/sessions/${enc(id)}`, { method: "DELETE" }),
  // { success, count }: the other sessions ended; this one stays.
  changePassword: (currentPassword, newPassword) =>
    apiJson("/api/auth/password", { method: "POST", body: { currentPassword, newPassword } }),
  // Audiobooks: { books: [Book] } without files and chapters; one Book with them.
  books: () => apiJson("/api/books"),
  book: (id) => apiJson(`/api/books/${enc(id)}`),
  scanBooks: () => apiJson("/api/books/scan", { method: "POST" }),
  // Podcasts: { podcasts: [Podcast] }; a podcast's episodes are a page, newest first, each with
  // the caller's progress. Subscribing fetches the feed at once (400 with why it failed).
  podcasts: () => apiJson("/api/podcasts"),
  subscribe: (url) => apiJson("/api/podcasts", { method: "POST", body: { url } }),
  unsubscribe: (id) => apiJson(`/api/podcasts/${enc(id)}`, { method: "DELETE" }),
  episodes: (id, { limit, offset } = {}) => apiJson(`/api/podcasts/${enc(id)}/episodes${query({ limit, offset })}`),
  refreshPodcast: (id) => apiJson(`/api/podcasts/${enc(id)}/refresh`, { method: "POST" }),
  // The server keeps the newest `keepLatest` episodes downloaded; an older one on request (202).
  setKeepLatest: (id, keepLatest) => apiJson(`/api/podcasts/${enc(id)}`, { method: "PATCH", body: { keepLatest } }),
  episodeChapters: (id, guid) => apiJson(`/api/podcasts/${enc(id)}/episodes/${enc(guid)}/chapters`),
  /** How often the server fetches the feed, in minutes; 0: the server's default. */
  setRefreshMinutes: (id, refreshMinutes) => apiJson(`/api/podcasts/${enc(id)}`, { method: "PATCH", body: { refreshMinutes } }),
  downloadEpisode: (id, guid) => apiJson(`/api/podcasts/${enc(id)}/episodes/${enc(guid)}/download`, { method: "POST" }),
  importOPML: (opml) => apiJson("/api/podcasts/opml", { method: "POST", body: { opml } }),
  // Listening progress in an episode (by its enclosure URL) or book: kind "episodes" or "books";
  // `at` is when `position` was true (ms).
  reportProgress: (kind, id, report, { keepalive = false } = {}) =>
    apiJson(`/api/progress/${kind}/${enc(id)}`, { method: "PUT", body: report, keepalive }),
  // "Continue listening": { progress: [unfinished, latest first], episodes: [{ podcastId,
  // podcastUrl, podcastTitle, podcastAuthor, episode }] for those the server knows }.
  continueListening: (limit = 20) => apiJson(`/api/progress${query({ limit })}`),
  markNew: (kind, id) => apiJson(`/api/progress/${kind}/${enc(id)}`, { method: "DELETE" }),
  // The caller's bookmarks in an episode or book: { bookmarks: [{ id, kind, item, position,
  // note, createdAt }] }, by position.
  bookmarks: (kind, id) => apiJson(`/api/progress/${kind}/${enc(id)}/bookmarks`),
  addBookmark: (kind, id, position, note) =>
    apiJson(`/api/progress/${kind}/${enc(id)}/bookmarks`, { method: "POST", body: { position, note } }),
  editBookmark: (kind, id, bookmarkId, note) =>
    apiJson(`/api/progress/${kind}/${enc(id)}/bookmarks/${enc(bookmarkId)}`, { method: "PATCH", body: { note } }),
  removeBookmark: (kind, id, bookmarkId) =>
    apiJson(`/api/progress/${kind}/${enc(id)}/bookmarks/${enc(bookmarkId)}`, { method: "DELETE" }),
  // Playback rates per book (`show`: its ID) or podcast (its feed URL): { rates: [{ kind, show, rate }] }.
  rates: () => apiJson("/api/rates"),
  setRate: (kind, show, rate) => apiJson(`/api/rates/${kind}/${enc(show)}`, { method: "PUT", body: { rate } }),
  // App passwords: { appPasswords: [{ id, name, createdAt, lastUsedAt? }] }; a new one answers
  // { appPassword, password } — the only time its secret is shown.
  appPasswords: () => apiJson("/api/app-passwords"),
  createAppPassword: (name) => apiJson("/api/app-passwords", { method: "POST", body: { name } }),
  revokeAppPassword: (id) => apiJson(`/api/app-passwords/${enc(id)}`, { method: "DELETE" }),

  // Photo backup, the caller's own: pages { photos, next? } (`before`: a page's next), newest
  // first; status { devices, usedBytes, quotaBytes?, photoCount?, trashedCount?, unfinished? }.
  photos: ({ before, limit, trashed } = {}) => apiJson(`/api/photos${query({ before, limit, trashed: trashed ? "true" : null })}`),
  trashPhoto: (id) => apiJson(`/api/photos/${enc(id)}`, { method: "DELETE" }),
  restorePhoto: (id) => apiJson(`/api/photos/${enc(id)}/restore`, { method: "POST" }),
  photoBackupStatus: () => apiJson("/api/photos/backup/status"),

  // Admins: how the server runs ({ version, database, musicDirectory, …, tracks, startedAt }),
  // its switches changed ({ allowGuests?, allowSignup? }, answers the same report).
  adminServer: () => apiJson("/api/admin/server"),
  changeServer: (switches) => apiJson("/api/admin/server", { method: "PATCH", body: switches }),
  // Admins: this node's recent scans, newest first: [{ startedAt, finishedAt (ms), trigger,
  // failure?, added, unchanged, missing, skipped, skippedFiles: [{ path, reason }] }].
  adminScans: () => apiJson("/api/admin/scans"),
  // Admins: accounts [{ id, username, displayName?, role, disabled, createdAt, lastSeenAt? }]
  // (seconds); one made ({ username, password, role }) or changed ({ role?, disabled? }).
  adminUsers: () => apiJson("/api/admin/users"),
  createUser: (account) => apiJson("/api/admin/users", { method: "POST", body: account }),
  changeUser: (id, change) => apiJson(`/api/admin/users/${enc(id)}`, { method: "PATCH", body: change }),
  library: () => apiJson("/api/library"),
  scan: () => apiJson("/api/library/scan", { method: "POST" }),
  lyrics: (trackId) => apiJson(`/api/tracks/${enc(trackId)}/lyrics`),

  // The catalog: pages are { items, total, offset, limit, seed? }.
  albums: ({ sort, limit, offset, seed, genre } = {}) => apiJson(`/api/albums${query({ sort, limit, offset, seed, genre })}`),
  album: (id) => apiJson(`/api/albums/${enc(id)}`),
  artists: ({ sort, limit, offset, seed } = {}) => apiJson(`/api/artists${query({ sort, limit, offset, seed })}`),
  artist: (id) => apiJson(`/api/artists/${enc(id)}`),
  genres: ({ limit, offset } = {}) => apiJson(`/api/genres${query({ limit, offset })}`),
  search: (q, { limit, signal } = {}) => apiJson(`/api/search${query({ q, limit })}`, { signal }),

  // Per person (not for guests): kind is "tracks", "albums" or "artists"; answers an Annotation.
  setFavourite: (kind, id, on) => apiJson(`/api/favourites/${kind}/${enc(id)}`, { method: on ? "PUT" : "DELETE" }),
  setRating: (kind, id, rating) => rating
    ? apiJson(`/api/ratings/${kind}/${enc(id)}`, { method: "PUT", body: { rating } })
    : apiJson(`/api/ratings/${kind}/${enc(id)}`, { method: "DELETE" }),
  favourites: () => apiJson("/api/favourites"),
  annotations: (kind) => apiJson(`/api/annotations/${kind}`),
  recentPlays: (limit) => apiJson(`/api/plays/recent${query({ limit })}`),
  reportPlay: (trackId) => apiJson("/api/plays", { method: "POST", body: { trackId } }),

  channels: () => apiJson("/api/channels"),
  // A room's state; with `invite`, whether that invite link lets one in (404 when not).
  channel: (id, invite = null) => apiJson(`/api/channels/${enc(id)}${query({ invite })}`),
  renewInvite: (id) => apiJson(`/api/channels/${enc(id)}/invite`, { method: "POST", body: {} }),
  createChannel: (name, description) => apiJson("/api/channels", { method: "POST", body: { name, description } }),
  updateChannel: (id, fields) => apiJson(`/api/channels/${enc(id)}`, { method: "PATCH", body: fields }),
  deleteChannel: (id) => apiJson(`/api/channels/${enc(id)}`, { method: "DELETE" }),
  jump: (id, index) => apiJson(`/api/channels/${enc(id)}/jump`, { method: "POST", body: { index } }),
  seek: (id, timestamp) => apiJson(`/api/channels/${enc(id)}/seek`, { method: "POST", body: { timestamp } }),
  setMode: (id, mode) => apiJson(`/api/channels/${enc(id)}/mode`, { method: "POST", body: { mode } }),
  editQueue: (id, edit) => apiJson(`/api/channels/${enc(id)}/queue`, { method: "PATCH", body: edit }),

  playlists: () => apiJson("/api/playlists"),
  playlist: (id) => apiJson(`/api/playlists/${enc(id)}`),
  createPlaylist: (name, description = "") => apiJson("/api/playlists", { method: "POST", body: { name, description } }),
  updatePlaylist: (id, fields) => apiJson(`/api/playlists/${enc(id)}`, { method: "PATCH", body: fields }),
  deletePlaylist: (id) => apiJson(`/api/playlists/${enc(id)}`, { method: "DELETE" }),
  editPlaylistTracks: (id, edit) => apiJson(`/api/playlists/${enc(id)}/tracks`, { method: "PATCH", body: edit }),
  sharePlaylist: (id) => apiJson(`/api/playlists/${enc(id)}/share`, { method: "POST" }),
  unsharePlaylist: (id) => apiJson(`/api/playlists/${enc(id)}/share`, { method: "DELETE" }),
  sharedPlaylist: (token) => apiJson(`/api/playlists/shared/${enc(token)}`),
  rememberSharedPlaylist: (token) => apiJson(`/api/playlists/shared/${enc(token)}/remember`, { method: "POST" }),
  copySharedPlaylist: (token) => apiJson(`/api/playlists/shared/${enc(token)}`, { method: "POST" }),

  fetchUrl: (url) => apiJson("/api/fetch", { method: "POST", body: { url } }),
  fetchConfirm: (playlistTitle, items) => apiJson("/api/fetch/confirm", { method: "POST", body: { playlistTitle, items } }),
  fetchJobs: () => apiJson("/api/fetch"),
  cancelFetch: (itemId) => apiJson(`/api/fetch/${enc(itemId)}`, { method: "DELETE" }),
  clearFetches: () => apiJson("/api/fetch", { method: "DELETE" }),
};

/**
 * POST /api/upload with XMLHttpRequest (fetch has no upload progress).
 * Returns { promise, abort }; onProgress(loaded, total) while the body goes out.
 */
export function uploadFiles(files, onProgress) {
  const xhr = new XMLHttpRequest();
  const promise = new Promise((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append("file", file, file.name);
    xhr.open("POST", API_BASE + "/api/upload");
    xhr.withCredentials = true;
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () => {
      const data = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data);
      else reject(new ApiError(errorMessage(data, xhr.status), xhr.status, data));
    };
    xhr.onerror = () => reject(new ApiError("The upload failed (network)", 0, null));
    xhr.onabort = () => reject(new ApiError("Upload cancelled", 0, null));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
