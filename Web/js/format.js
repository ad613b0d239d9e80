// Display helpers. Everything returns plain strings for textContent.

export function formatTime(seconds) {
  if (!Number.isFinite(seconds) || seconds < 0) seconds = 0;
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** How far the listener got in a book or episode: "Finished", "1:02:03 left" (or where they
 *  are, when its length is unknown), else its length ("" when unknown too). */
export function progressText(progress, duration) {
  if (progress?.finished) return "Finished";
  const length = duration || progress?.duration || 0;
  if (progress?.position > 0) return length ? `${formatTime(Math.max(0, length - progress.position))} left` : `At ${formatTime(progress.position)}`;
  return length ? formatTime(length) : "";
}

export function formatBytes(bytes) {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 B";
  const units = ["B", "KB", "MB", "GB", "TB"];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** i;
  return `${value >= 100 || i === 0 ? Math.round(value) : value.toFixed(1)} ${units[i]}`;
}

export function formatCount(n) {
  return new Intl.NumberFormat().format(n);
}

export function trackTitle(track) {
  if (!track) return "";
  if (track.title) return track.title;
  return (track.filename || track.id || "").replace(/\.[^.]+$/, "");
}

export const UNKNOWN_ARTIST = "Unknown artist";
export const UNKNOWN_ALBUM = "Unknown album";

/** "Artist · Album", with "Unknown artist" / "Unknown album" for untagged tracks (whose title is
 *  already the file name: it is never shown twice). */
export function trackSubtitle(track) {
  if (!track) return "";
  return `${track.artist || UNKNOWN_ARTIST} · ${track.album || UNKNOWN_ALBUM}`;
}

export function albumName(album) {
  return album?.name || UNKNOWN_ALBUM;
}

export function albumArtist(album) {
  return album?.artist || UNKNOWN_ARTIST;
}

export function plural(n, word, many = word + "s") {
  return `${formatCount(n)} ${n === 1 ? word : many}`;
}

/** A stable hue from a string, for the generated cover art. */
export function hueOf(text) {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) | 0;
  return Math.abs(hash) % 360;
}

/** A moment (ms since 1970) as the person's locale writes a date and time. */
export function when(ms) {
  return new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
