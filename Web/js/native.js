// The page's half of the native bridge (docs/native-bridge.md). In the iOS app (and a later
// Android one) the phone plays the audio, so it keeps playing when the phone locks and shows on
// the lock screen and in a car. NativeAudio stands in for the <audio> element — the properties,
// methods and events the player code uses — posting to the host and fed by its messages, so the
// controls, queue, keys and meters work unchanged. Without a host nothing here runs.

import { coverUrl } from "./api.js";

export const BRIDGE_VERSION = 1;

/** What a native player's lock screen shows for a track (or a spoken item's part). */
export function aboutTrack(track) {
  const artwork = track.coverId ? new URL(coverUrl(track.coverId, 512, "jpeg"), location.href).href : null;
  return { title: track.title || "", artist: track.artist || "", album: track.album || "", duration: track.duration ?? null, artwork };
}

/** How to post to the host, or null when the page runs in a plain browser. */
export function nativeHost() {
  const ios = window.webkit?.messageHandlers?.blastoise;
  if (ios) return (message) => ios.postMessage(message);
  const android = window.blastoiseAndroid;
  if (android) return (message) => android.postMessage(JSON.stringify(message));
  return null;
}

const HAVE_NOTHING = 0;
const RETRY_FOLLOW_MS = 5000;
const HAVE_ENOUGH_DATA = 4;

export class NativeAudio extends EventTarget {
  constructor(post, { volume = 1, muted = false } = {}) {
    super();
    this.native = true;
    this.post = post;
    this.preload = "auto";
    this.preservesPitch = true;
    this.about = null; // what the next load tells the lock screen (describe)
    this.src = "";
    this.error = null;
    this.readyState = HAVE_NOTHING;
    this.seeking = false;
    this.room = null; // the host's last `room` message while it follows one
    this.following = null; // the room ID the host was asked to follow
    this.closedAt = -Infinity; // when the host last said it follows no room (a join that failed)
    this.released = null; // the room a car took the player from: left alone until the person plays here
    this.backup = null; // the host's last word on this phone's photo backup
    this._paused = true;
    this._ended = false;
    this._current = 0;
    this._currentAt = performance.now();
    this._duration = NaN;
    this._rate = 1;
    this._volume = volume;
    this._muted = muted;
    window.blastoiseNative = { on: (message) => this.on(message) };
    post({ t: "ready", version: BRIDGE_VERSION, rate: 1, volume: this.effectiveVolume });
  }

  /** What the next `load` says about the file: { title, artist, album, artwork, duration,
   *  position, kind, progress, trackId }. */
  describe(about) {
    this.about = about || null;
  }

  load() {
    this.released = null;
    this.error = null;
    this.readyState = HAVE_NOTHING;
    this._ended = false;
    this._duration = NaN;
    this._current = this.about?.position || 0;
    this._currentAt = performance.now();
    this.setPaused(true);
    if (!this.src) {
      this.post({ t: "stop" });
      return;
    }
    const url = new URL(this.src, location.href).href;
    this.post({ t: "load", url, kind: "music", ...this.about, rate: this._rate, volume: this.effectiveVolume });
  }

  /** What plays after this file (the fields `describe` takes, with its `url`), or null: the
   *  host goes on to it without a gap, even while this page sleeps. */
  preloadNext(next) {
    if (!next) {
      this.post({ t: "preload" });
      return;
    }
    const url = new URL(next.url, location.href).href;
    this.post({ t: "preload", kind: "music", ...next, url, rate: this._rate, volume: this.effectiveVolume });
  }

  removeAttribute(name) {
    if (name === "src") this.src = "";
  }

  play() {
    if (!this.src) return Promise.reject(new DOMException("Nothing to play", "NotSupportedError"));
    this._ended = false;
    this.freeze();
    this.post({ t: "play" });
    this.setPaused(false);
    return Promise.resolve();
  }

  pause() {
    this.post({ t: "pause" });
    this.freeze();
    this.setPaused(true);
  }

  get paused() { return this._paused; }
  get ended() { return this._ended; }
  get duration() { return this._duration; }

  /** The host's last reading, carried on at the rate while playing. */
  get currentTime() {
    if (this._paused) return this._current;
    return this._current + (this._rate * (performance.now() - this._currentAt)) / 1000;
  }

  set currentTime(seconds) {
    this._current = Math.max(0, seconds);
    this._currentAt = performance.now();
    this._ended = false;
    this.seeking = true;
    this.post({ t: "seek", to: this._current });
    this.emit("seeking");
  }

  get playbackRate() { return this._rate; }
  set playbackRate(rate) {
    this.freeze();
    this._rate = rate;
    this.post({ t: "rate", v: Math.min(4, Math.max(0.25, rate)) });
    this.emit("ratechange");
  }

  get volume() { return this._volume; }
  set volume(volume) {
    this._volume = volume;
    this.sendVolume();
  }

  get muted() { return this._muted; }
  set muted(muted) {
    this._muted = !!muted;
    this.sendVolume();
  }

  get effectiveVolume() { return this._muted ? 0 : this._volume; }

  sendVolume() {
    this.post({ t: "volume", v: this.effectiveVolume });
    this.emit("volumechange");
  }

  /** Spoken word: the host writes where its player is (the page's idea may be minutes old). */
  save({ finished = false } = {}) {
    this.post({ t: "save", finished });
  }

  /** The host joins the room and keeps its player in step while the page may sleep. After the
   *  host said it follows none (a join that failed, a car that took the player), the page asks
   *  again only after RETRY_FOLLOW_MS. */
  followRoom(roomId, invite) {
    if (this.released !== roomId) this.released = null;
    if (this.following === roomId || this.released === roomId) return;
    if (performance.now() - this.closedAt < RETRY_FOLLOW_MS) return;
    this.following = roomId;
    this.room = null;
    this.post(invite ? { t: "follow-room", roomId, invite } : { t: "follow-room", roomId });
  }

  /** The Photo backup card: where this phone's backup is (the host answers `backup`). */
  askBackup() {
    this.post({ t: "backup-status" });
  }

  /** The card's switch and options: { enabled, wifiOnly, includeVideos, onlyWhileCharging }. */
  chooseBackup(choice) {
    this.post({ t: "backup", ...choice });
  }

  /** The person wants the room here again (after a car had the player). */
  reclaim() {
    this.released = null;
    this.closedAt = -Infinity;
  }

  leaveRoom() {
    if (this.following === null) return;
    this.following = null;
    this.room = null;
    this.post({ t: "leave-room" });
  }

  /** A message from the host. */
  on(message) {
    switch (message?.t) {
      case "time":
        this._current = Number(message.cur) || 0;
        // `hostTime` is when the reading was true (ms since 1970, the phone's own clock).
        this._currentAt = performance.now() - Math.max(0, Date.now() - (Number(message.hostTime) || Date.now()));
        if (Number.isFinite(message.dur)) this._duration = message.dur;
        this.emit("timeupdate");
        break;
      case "meta":
        this._duration = Number.isFinite(message.dur) ? message.dur : this.about?.duration ?? NaN;
        this.readyState = HAVE_ENOUGH_DATA;
        this.emit("loadedmetadata");
        this.emit("canplay");
        break;
      case "state":
        if (message.playing) {
          this._currentAt = performance.now();
          this.setPaused(false);
          this.emit("playing");
        } else {
          this.freeze();
          this.setPaused(true);
        }
        break;
      case "seeked":
        this.seeking = false;
        this.emit("seeked");
        break;
      case "ended":
        this.freeze();
        this._ended = true;
        this.setPaused(true);
        this.emit("ended");
        break;
      case "error":
        this.error = { code: 4, message: String(message.message || "The player failed") };
        this.emit("error");
        break;
      case "room":
        this.room = message.state || null;
        if (this.room?.connection === "closed" && this.room.roomId === this.following) {
          this.following = null;
          this.closedAt = performance.now();
        }
        if (this.room?.connection === "released") {
          this.released = this.following;
          this.following = null;
        }
        this.emit("nativeroom");
        break;
      case "backup":
        this.backup = message;
        this.emit("nativebackup");
        break;
      case "command":
        this.dispatchEvent(new CustomEvent("nativecommand", { detail: String(message.name || "") }));
        break;
      default:
        break;
    }
  }

  freeze() {
    this._current = this.currentTime;
    this._currentAt = performance.now();
  }

  setPaused(paused) {
    if (paused === this._paused) return;
    this._paused = paused;
    this.emit(paused ? "pause" : "play");
  }

  emit(name) {
    this.dispatchEvent(new Event(name));
  }
}
