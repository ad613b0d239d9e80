// Keeps this page's sound on the room's timeline. Where the browser has Web Audio the room plays
// there (scheduled-sync.js: decoded tracks started at the context time they will be heard); what
// follows is the fallback, the <audio> element nudged after the room — for tracks Web Audio will
// not take, browsers without it, or by choice (Playback settings).
//
// The server sends ChannelState messages: `currentTimestamp` (s) was true at `serverTime` (ms,
// server clock) and `seq` orders them. With the clock offset from clock.js, the position the room
// is at *now* is
//     target = currentTimestamp + (serverNow − serverTime) / 1000      (when playing)
// Every TICK_MS the engine compares the element's currentTime with the target:
//   - a different track → load it, seek to the target (plus the learned start latency), play;
//   - the room paused → pause and sit exactly on the paused position;
//   - |drift| ≥ SEEK_THRESHOLD → seek (landing SEEK_LEAD ahead to cover the restart latency,
//     which is learned from the drift seen right after each seek);
//   - otherwise nudge playbackRate proportionally: rate = 1 − GAIN·drift, bounded to 1 ± MAX_NUDGE
//     and at least MIN_NUDGE away from 1 (smaller changes are ignored by Chromium), with a dead
//     band (start correcting above DEAD_BAND, stop below RELEASE_BAND: hysteresis, so the rate
//     does not flap around 1).
// With a native host (the phone app, native.js) none of this runs in the page: the host joins the
// room itself and keeps its own player in step, since a locked phone suspends the page's timers;
// the engine only asks it to follow the room and reads its state back for the meter.
//
// Drift is estimated by a least-squares line through the last FILTER samples (≈1 s), read at the
// newest one: it follows a steady trend without lag, and it averages out the sawtooth of
// Chromium's currentTime while the rate ≠ 1. A correction, once started, continues until the
// drift is below RELEASE_BAND, then the rate goes back to exactly 1. Nudges are resampled
// (player.js): with the pitch kept, Chromium time-stretched them in blocks, and the sound moved
// in steps of milliseconds (≈20 ms on entering a stretch) whatever currentTime said. The bands
// and MIN_NUDGE were measured with the stretcher; tighter bands chased currentTime's noise
// (bench/acoustic: p95 2.3–2.6 ms against 1.3–1.5 ms).
import { clientNow } from "./clock.js";
import { trendAtLast } from "./output-timeline.js";
import { inviteFor, prefs } from "./prefs.js";
import { ScheduledFollower } from "./scheduled-sync.js";

export const SYNC_PARAMS = Object.freeze({
  TICK_MS: 100,
  FILTER: 10,
  DEAD_BAND: 0.005, // s: start correcting above this
  RELEASE_BAND: 0.0015, // s: stop correcting below this
  GAIN: 0.8, // rate change per second of drift (time constant ≈1.3 s)
  MIN_NUDGE: 0.003, // Chromium plays rates within ±0.002 of 1 at exactly 1 (measured), so nudge at least this
  MAX_NUDGE: 0.05, // rate stays within 0.95–1.05
  SEEK_THRESHOLD: 0.5, // s: beyond this a seek is quicker than a nudge (≥10 s at 5 %)
  SETTLE_MS: 250, // after a start or seek, let the element settle before measuring
  PAUSED_TOLERANCE: 0.02, // s
});

const P = SYNC_PARAMS;

const LEAD_KEY = "blastoise.seekLead";

function loadLead() {
  try {
    const saved = Number(localStorage.getItem(LEAD_KEY));
    return Number.isFinite(saved) && saved > 0 && saved <= 0.3 ? saved : 0.08;
  } catch {
    return 0.08;
  }
}

function saveLead(value) {
  try { localStorage.setItem(LEAD_KEY, value.toFixed(4)); } catch { /* private mode */ }
}

export class SyncEngine {
  constructor({ player, clock, upNext = () => null }) {
    this.player = player;
    this.clock = clock;
    this.follower = new ScheduledFollower({ player, clock, upNext }); // the Web Audio path (scheduled-sync.js)
    this.scheduled = false; // whether the follower plays the room's current state
    this.state = null;
    this.receivedAt = 0; // clientNow() when the state arrived
    this.lastSeq = -1;
    this.lastChannel = null;
    this.active = true; // false while playing locally
    this.samples = [];
    this.correcting = false;
    this.seekLead = loadLead(); // s: how long a seek-and-play takes to get going here (learned, kept per device)
    this.outputDelay = prefs.outputDelayMs / 1000; // s: the sound leaves the speakers this much after currentTime (set per device)
    this.learnLead = false;
    this.settleUntil = 0;
    this.lastFiltered = null;
    this.seeks = 0;
    this.phase = "idle";
    this.lastRetry = performance.now();
    this.timer = setInterval(() => this.tick(), P.TICK_MS);
    this.tickQueued = false;
    // A piece decoded (a join's first, a seek's) starts at once, not at the next tick.
    if (player.output) player.output.onSound = () => this.tickSoon();
    // The audio output is made now rather than at the first room state: ~60 ms of a join. (Held
    // suspended until a room played instead, its resume now and then took ~0.5 s: bench/acoustic.)
    if (player.output && prefs.roomOutput !== "element") player.output.ensureContext();
    // Awake while the page is seen (a room may start at any moment); hidden, only what plays keeps it.
    this.visibility = () =>
      player.output?.keepAwake(prefs.roomOutput !== "element" && document.visibilityState !== "hidden");
    this.visibility();
    document.addEventListener("visibilitychange", this.visibility);
    this.playerListeners = [
      ["ready", () => this.tick()],
      ["seeked", () => this.settle()],
      ["playing", () => this.settle()],
      ["waiting", () => this.settle()],
      ["blocked", (event) => { if (event.detail && this.active) this.setPhase("blocked"); }],
    ];
    for (const [name, listener] of this.playerListeners) player.addEventListener(name, listener);
  }

  /** Stops ticking and lets go of the player, which outlives the session (sign-out, kick). */
  dispose() {
    clearInterval(this.timer);
    this.timer = null;
    this.follower.release();
    document.removeEventListener("visibilitychange", this.visibility);
    this.player.output?.keepAwake(false);
    // Signed out or sent away: the phone's player leaves the room too.
    if (this.player.native) this.player.audio.leaveRoom();
    for (const [name, listener] of this.playerListeners) this.player.removeEventListener(name, listener);
  }

  tickSoon() {
    if (this.tickQueued) return;
    this.tickQueued = true;
    setTimeout(() => {
      this.tickQueued = false;
      if (this.timer !== null) this.tick(); // not after dispose
    }, 0);
  }

  /** A ChannelState from the socket. Returns false when it is older than the one applied. */
  accept(state) {
    const seq = Number.isFinite(state.seq) ? state.seq : null;
    if (seq !== null && state.channelId === this.lastChannel && seq < this.lastSeq) return false;
    if (state.channelId !== this.lastChannel) this.resetFilter();
    this.lastChannel = state.channelId;
    if (seq !== null) this.lastSeq = seq;
    this.state = state;
    this.receivedAt = clientNow();
    if (Number.isFinite(state.serverTime)) this.clock.noteState(state.serverTime, this.receivedAt);
    this.tick();
    return true;
  }

  /** A new socket may come back to a server whose seq restarted: accept its first state. */
  forgetSeq() {
    this.lastSeq = -1;
  }

  /** Where the element should be now, in seconds into the current track: where the room is,
   *  and while it plays, this device's output delay further on, so its sound is the room's. */
  target() {
    const st = this.state;
    if (!st || !st.track) return 0;
    let position = st.currentTimestamp;
    if (!st.paused) {
      const elapsedMs = Number.isFinite(st.serverTime)
        ? this.clock.serverNow() - st.serverTime
        : clientNow() - this.receivedAt;
      position = Math.max(0, position + Math.max(0, elapsedMs) / 1000 + this.outputDelay);
    }
    const duration = st.track.duration;
    return duration > 0 ? Math.min(position, duration) : position;
  }

  /** This device's output delay (ms; kept for the next visit): the element moves to match. */
  setOutputDelay(ms) {
    prefs.outputDelayMs = ms;
    this.outputDelay = prefs.outputDelayMs / 1000;
    this.resetFilter();
    this.follower.resetFilter();
  }

  suspend() {
    this.active = false;
    if (this.player.native) this.player.audio.leaveRoom();
    this.scheduled = false;
    this.follower.release();
    this.player.setRate(1);
    this.setPhase("local");
  }

  resume() {
    this.active = true;
    if (this.player.native) this.player.audio.reclaim();
    this.resetFilter();
    // What played here stops (on Web Audio the element is not the room's), and the room's track
    // is loaded afresh. The phone's player is the host's to switch (reclaim).
    if (this.player.native) this.player.trackId = null;
    else this.player.clear();
    this.tick();
  }

  resetFilter() {
    this.samples = [];
    this.correcting = false;
    this.lastFiltered = null;
  }

  settle() {
    this.settleUntil = performance.now() + P.SETTLE_MS;
    this.samples = [];
  }

  setPhase(phase) {
    this.phase = phase;
  }

  seekTo(position, { learn }) {
    this.player.seek(position);
    this.seeks += 1;
    this.learnLead = learn;
    this.correcting = false;
    this.player.setRate(1);
    this.settle();
  }

  tick() {
    if (!this.active) return;
    const st = this.state;
    const player = this.player;
    const audio = player.audio;
    if (!st) return;
    if (player.native) return this.followNatively(st);
    if (this.follower.handles(st)) {
      const phase = this.follower.tick(st, this.outputDelay);
      if (phase !== "fallback") {
        this.scheduled = true;
        return this.setPhase(phase);
      }
    }
    if (this.scheduled) {
      this.scheduled = false;
      this.follower.release();
    }
    if (!st.track) {
      if (player.trackId) player.clear();
      this.setPhase("empty");
      return;
    }
    if (player.trackId !== st.track.id) {
      // A jump the room makes a moment ahead: what plays plays on until then.
      if (player.trackId && !st.paused && st.serverTime > this.clock.serverNow()) return;
      this.resetFilter();
      this.setPhase("loading");
      player.load(st.track);
      return;
    }
    if (audio.error) {
      // The file failed (network, or gone): try again now and then, not on every tick.
      this.setPhase("error");
      if (performance.now() - this.lastRetry > 5000) {
        this.lastRetry = performance.now();
        player.load(st.track);
      }
      return;
    }
    if (player.loading || audio.readyState < 1) return;

    const target = this.target();
    if (st.paused) {
      player.pause();
      player.setRate(1);
      if (!audio.seeking && Math.abs(audio.currentTime - target) > P.PAUSED_TOLERANCE) player.seek(target);
        this.setPhase("paused");
      return;
    }
    const end = Number.isFinite(audio.duration) ? Math.min(audio.duration, st.track.duration || Infinity) : st.track.duration;
    if (end > 0 && target >= end - 0.05) {
      // The track is over on the server's clock; the next state brings the next one.
      this.setPhase("ending");
      return;
    }
    if (player.blocked) {
      this.setPhase("blocked");
      return;
    }
    if (audio.paused || audio.ended) {
      this.seekTo(target + this.seekLead, { learn: true });
      player.play();
      this.setPhase("starting");
      return;
    }
    if (audio.seeking || audio.readyState < 3) {
      this.setPhase("buffering");
      return;
    }
    if (performance.now() < this.settleUntil) return;

    const drift = audio.currentTime - this.target();
    this.samples.push({ t: performance.now(), d: drift });
    if (this.samples.length > P.FILTER) this.samples.shift();
    if (this.samples.length < 3) return;
    const filtered = trendAtLast(this.samples);
    this.lastFiltered = filtered;

    if (Math.abs(filtered) >= P.SEEK_THRESHOLD) {
      this.setPhase("seeking");
      this.seekTo(this.target() + this.seekLead, { learn: true });
      return;
    }
    if (this.learnLead) {
      // Landed `filtered` off after a seek: the restart took that much more (or less) than the lead.
      this.learnLead = false;
      if (Math.abs(filtered) < 0.3) {
        this.seekLead = Math.min(0.3, Math.max(0, this.seekLead - 0.7 * filtered));
        saveLead(this.seekLead);
      }
    }
    this.setPhase("playing");
    const magnitude = Math.abs(filtered);
    if (!this.correcting && magnitude > P.DEAD_BAND) this.correcting = true;
    if (this.correcting && magnitude < P.RELEASE_BAND) {
      // Stop only when the plain mean agrees: the trend alone can dip under the band on the
      // stretch sawtooth, and stopping early means paying the stretch entry cost again.
      const mean = this.samples.reduce((sum, s) => sum + s.d, 0) / this.samples.length;
      if (Math.abs(mean) < 2 * P.RELEASE_BAND) {
        this.correcting = false;
        this.samples = []; // judge the next correction on clean, unstretched samples only
      }
    }
    if (!this.correcting) {
      player.setRate(1);
      return;
    }
    const size = Math.max(P.MIN_NUDGE, Math.min(P.MAX_NUDGE, P.GAIN * magnitude));
    const nudge = Math.sign(filtered) * size;
    player.setRate(Math.round((1 - nudge) * 2000) / 2000);
  }

  /** A click after the browser refused to start the sound by itself. */
  unblock() {
    if (this.scheduled) {
      this.player.output.resume().then(() => this.tick());
      return;
    }
    this.player.seek(this.target() + this.seekLead);
    this.player.play().then((ok) => { if (ok) this.settle(); });
  }

  /** Whether the room plays and this page's sound has not started (yet, or any more). */
  waitingForSound() {
    if (!this.active || !this.state?.track || this.state.paused || this.player.blocked) return false;
    if (this.scheduled) return ["loading", "starting"].includes(this.phase);
    const audio = this.player.audio;
    return typeof audio.readyState === "number" && (audio.paused || audio.readyState < HTMLMediaElement.HAVE_FUTURE_DATA);
  }

  /** The native host keeps the room (native.js): it is asked to follow this one, and its state
   *  says the phase. */
  followNatively(st) {
    const audio = this.player.audio;
    audio.followRoom(st.channelId, inviteFor(st.channelId));
    const room = audio.room;
    if (!room || room.roomId !== st.channelId || room.connection !== "connected") this.setPhase("loading");
    else if (!st.track) this.setPhase("empty");
    else if (st.paused) this.setPhase("paused");
    else this.setPhase(room.playing ? "playing" : "starting");
  }

  /** Read-only numbers for the meter and the e2e harness, measured at one instant. */
  info() {
    const audio = this.player.audio;
    const serverNow = this.clock.serverNow();
    const room = this.player.native && this.active ? audio.room : null;
    const scheduled = this.scheduled && this.active ? this.follower.reading(this.state, this.outputDelay) : null;
    const target = room ? room.roomPosition : scheduled ? scheduled.target : this.state?.track ? this.target() : null;
    const position = room ? room.playerPosition : scheduled ? scheduled.position : this.scheduled ? null : audio.currentTime;
    return {
      active: this.active,
      phase: this.phase,
      trackId: room ? room.trackId : this.scheduled ? scheduled?.trackId ?? null : this.player.trackId,
      roomTrackId: this.state?.track?.id ?? null,
      channelId: this.state?.channelId ?? null,
      paused: this.state?.paused ?? true,
      position,
      target,
      drift: room ? (Number.isFinite(room.driftMs) ? room.driftMs / 1000 : null) : target === null || position === null ? null : position - target,
      filteredDrift: this.scheduled ? this.follower.lastFiltered : this.lastFiltered,
      rate: scheduled ? scheduled.rate : audio.playbackRate,
      output: this.player.native ? "native" : this.scheduled ? "scheduled" : "element",
      outputLatencyMs: this.scheduled ? this.player.output.latencyMs : null,
      heldSeconds: this.scheduled ? this.player.output.heldSeconds : null, // decoded sound held
      gapless: this.follower.gapless,
      sounding: room ? !!room.playing : this.scheduled ? !!this.player.output.current : !audio.paused,
      offset: this.clock.offset,
      uncertainty: this.clock.uncertainty,
      rtt: this.clock.rtt,
      clockQuality: this.clock.quality,
      seekLead: this.seekLead,
      outputDelayMs: this.outputDelay * 1000,
      seeks: this.seeks + this.follower.starts,
      serverNow,
      seq: this.lastSeq,
      source: this.scheduled ? scheduled?.source ?? null : this.player.source,
    };
  }
}
