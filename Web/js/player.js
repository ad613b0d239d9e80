// The one <audio> element — or, in the phone app, its native stand-in (native.js) — what it plays
// (cached blob or /api/tracks/:id), play/pause/seek/rate, volume and leveling, and the browser's
// autoplay refusal; beside it, where the browser has Web Audio, the scheduled output rooms play
// through (`output`, scheduled-output.js). Sync decisions live in sync.js.
import { trackUrl } from "./api.js";
import { cache } from "./cache.js";
import { levelingGain } from "./leveling.js";
import { prefs, readJson, writeJson } from "./prefs.js";
import { ScheduledOutput } from "./scheduled-output.js";

const VOLUME_KEY = "blastoise.volume";

export class Player extends EventTarget {
  constructor(audio) {
    super();
    this.audio = audio;
    // The phone plays the audio (native.js): no blob URLs (its player cannot read them), and
    // each load says what it is, for the lock screen.
    this.native = !!audio.native;
    this.trackId = null;
    this.source = null; // "cache" | "network"
    this.loading = false;
    this.blocked = false; // the browser refused to start without a click
    this.loadToken = 0;
    this.output = !this.native && typeof AudioContext === "function" ? new ScheduledOutput() : null;
    audio.preload = "auto";
    const saved = readJson(VOLUME_KEY);
    this.volume = Number.isFinite(saved.volume) ? Math.min(1, Math.max(0, saved.volume)) : 0.8;
    this.muted = !!saved.muted;
    this.level = 1; // the playing track's leveling (leveling.js)
    this.applyVolume();
    audio.addEventListener("loadedmetadata", () => {
      this.loading = false;
      this.emit("ready");
    });
    audio.addEventListener("error", () => {
      if (!this.trackId) return;
      this.loading = false;
      this.emit("error", audio.error);
    });
    for (const name of ["playing", "waiting", "seeked"]) {
      audio.addEventListener(name, () => this.emit(name));
    }
  }

  emit(name, detail) {
    this.dispatchEvent(new CustomEvent(name, { detail }));
  }

  /** Points the element at a track: the cached copy when there is one, else the server.
   *  `about` ({ title, artist, album, artwork, duration }) is for a native player's lock screen. */
  async load(track, about = {}) {
    const url = await this.open(track);
    if (url === null) return false;
    cache.pin(this.pinnable(url));
    this.setLevel(levelingGain(track, prefs.leveling));
    this.audio.describe?.({ ...about, trackId: track.id, kind: "music" });
    this.audio.src = url;
    this.audio.load();
    return true;
  }

  /** Fades the playing track into `track` over `seconds` (0: straight after) where the element
   *  can (crossfade-audio.js: a browser playing here, not a room); elsewhere it loads and plays. */
  async crossfade(track, seconds, about = {}) {
    if (!this.audio.crossfade) return (await this.load(track, about)) && this.play();
    const previous = this.audio.src;
    const url = await this.open(track);
    if (url === null) return false;
    cache.pin(this.pinnable(url), this.pinnable(previous)); // the old track still sounds a while
    this.level = Math.min(1, levelingGain(track, prefs.leveling));
    const playing = this.audio.crossfade(url, seconds, this.volume * this.level);
    this.applyVolume();
    return this.started(playing);
  }

  /** Lets the element fetch `track` ahead of a crossfade to it (where it can). */
  async prepare(track) {
    if (!this.audio.prepare) return;
    const token = this.loadToken;
    const url = await this.urlFor(track.id);
    if (token === this.loadToken) this.audio.prepare(url);
  }

  /** Makes `track` this player's: returns its URL (null when another load came meanwhile). */
  async open(track) {
    const token = this.begin(track.id);
    const url = await this.urlFor(track.id);
    if (token !== this.loadToken) return null;
    this.source = this.pinnable(url) ? "cache" : "network";
    if (this.source === "network" && !this.native) cache.store(track.id);
    return url;
  }

  /** A load begins: what it is for, and its token (a later load's makes it stale). */
  begin(trackId) {
    this.trackId = trackId;
    this.loading = true;
    this.setRate(1);
    return ++this.loadToken;
  }

  pinnable(url) {
    return url?.startsWith("blob:") ? url : null;
  }

  /** Where to play a track from: a played track kept, or one a download for offline holds (kept
   *  with the cache off too), else the server. */
  async urlFor(trackId) {
    const cached = this.native ? null : cache.enabled ? await cache.objectUrl(trackId) : await cache.downloadedUrl(trackId);
    return cached || trackUrl(trackId);
  }

  /** Points the element at a file that is no library track (a book's part, an episode): the copy
   *  a download for offline holds, else the server (never cached on the way).
   *  `about` as for `load`, with a spoken item's `kind` and `progress` (native.js). */
  async loadUrl(url, about = {}) {
    const token = this.begin(url);
    this.setLevel(1);
    const kept = this.native ? null : await cache.downloadedUrl(`file:${url}`);
    if (token !== this.loadToken) return false;
    this.source = kept ? "download" : "network";
    cache.pin(kept);
    this.audio.describe?.(about);
    this.audio.src = kept || url;
    this.audio.load();
    return true;
  }

  clear() {
    this.loadToken++;
    this.trackId = null;
    this.loading = false;
    this.audio.pause();
    this.audio.removeAttribute("src");
    this.audio.load();
    cache.pin();
  }

  play() {
    return this.started(this.audio.play());
  }

  /** Whether playing began: a refusal for want of a click is said (`blocked`). */
  async started(playing) {
    try {
      await playing;
      this.noteBlocked(false);
      return true;
    } catch (error) {
      if (error?.name === "NotAllowedError") this.noteBlocked(true);
      return false;
    }
  }

  pause() {
    if (!this.audio.paused) this.audio.pause();
  }

  seek(seconds) {
    const duration = this.audio.duration;
    const max = Number.isFinite(duration) ? Math.max(0, duration - 0.01) : seconds;
    this.audio.currentTime = Math.max(0, Math.min(max, seconds));
  }

  /** A room's nudges (rates within 5 % of 1) are resampled, so the sound follows them smoothly
   *  (kept pitch means time-stretching, which moves it in blocks: steps of milliseconds at the
   *  speakers, bench/acoustic); a listener's own rate (a book at 1.5×) keeps its pitch. */
  setRate(rate) {
    const keepPitch = Math.abs(rate - 1) > 0.05;
    if ("preservesPitch" in this.audio && this.audio.preservesPitch !== keepPitch) this.audio.preservesPitch = keepPitch;
    if (Math.abs(this.audio.playbackRate - rate) > 1e-5) this.audio.playbackRate = rate;
  }

  get position() {
    return this.audio.currentTime;
  }

  /** The browser refused (or again allowed) to start sound without a click. */
  noteBlocked(blocked) {
    if (this.blocked === blocked) return;
    this.blocked = blocked;
    this.emit("blocked", blocked);
  }

  setVolume(volume) {
    this.volume = Math.min(1, Math.max(0, volume));
    if (volume > 0) this.muted = false;
    this.saveVolume();
  }

  toggleMute() {
    this.muted = !this.muted;
    this.saveVolume();
  }

  /** The element's leveling factor: it can only make a track quieter (the scheduled output, whose
   *  gains can go above 1, levels each of its tracks itself). */
  setLevel(level) {
    this.level = Math.min(1, level);
    this.applyVolume();
  }

  applyVolume() {
    // Only what changed: each set is a message to a native player (native.js), and one between
    // the page's loads can cost the host its place (BridgeHost adopts a file only on a load).
    const volume = this.volume * this.level;
    if (this.audio.volume !== volume) this.audio.volume = volume;
    if (this.audio.muted !== this.muted) this.audio.muted = this.muted;
    this.output?.setVolume(this.muted ? 0 : this.volume);
  }

  saveVolume() {
    this.applyVolume();
    writeJson(VOLUME_KEY, { volume: this.volume, muted: this.muted });
  }
}
