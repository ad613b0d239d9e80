// Plays a local queue (local-queue.js) on this device, not in a room: each track through the
// player; the next one fetched ahead and, with a crossfade chosen, faded into before the end
// (crossfade-audio.js), else started as the last one ends.
import { crossfadeSeconds, LocalQueue } from "./local-queue.js";
import { aboutTrack } from "./native.js";
import { prefs } from "./prefs.js";

const FETCH_AHEAD = 20; // s before a track's end the next one is fetched
const RESTART_AFTER = 3; // s into a track, "previous" starts it again (as every player does)
const PLAN_AHEAD = 0.5; // s: a fade's start is timed once it is this close (timeupdate is coarse)

export class LocalPlayback {
  /** `onTrack(track, next)` is told each time what plays here changes. */
  constructor(player, { onTrack }) {
    this.player = player;
    this.onTrack = onTrack;
    this.queue = null;
    this.timer = 0; // the fade due next
    this.prepared = null; // the track fetched ahead
    this.switching = false; // between asking for the next track and the player having it
    const audio = player.audio;
    // A fade timed for where playback was is not due any more.
    const cancel = () => this.cancelFade();
    this.listeners = {
      timeupdate: () => this.queue && this.plan(),
      ended: () => this.queue && !this.switching && this.advance(0),
      // A file that cannot be played (gone, the network away) is passed over, not the end.
      error: () => this.queue && !this.switching && this.player.trackId === this.queue.current.id && this.advance(0),
      seeking: cancel,
      pause: cancel,
    };
    for (const [name, listener] of Object.entries(this.listeners)) audio.addEventListener(name, listener);
  }

  /** Stops, and lets go of the player (the session ends; the player stays for the next one). */
  dispose() {
    this.stop();
    for (const [name, listener] of Object.entries(this.listeners)) this.player.audio.removeEventListener(name, listener);
  }

  get active() {
    return this.queue !== null;
  }

  /** Plays `tracks[index]`, then the ones after it. */
  async start(tracks, index = 0) {
    this.stop();
    this.queue = new LocalQueue(tracks, index);
    const track = this.changed();
    if (await this.player.load(track, aboutTrack(track))) await this.player.play();
  }

  stop() {
    this.cancelFade();
    this.queue = null;
    this.prepared = null;
  }

  next() {
    if (this.queue) this.advance(0);
  }

  /** Early in a track the one before it; later (or at the first) this one from its start. */
  previous() {
    if (!this.queue) return;
    if (this.player.position > RESTART_AFTER || !this.queue.back()) return this.player.seek(0);
    this.play(0);
  }

  /** Fetches the next track ahead, and times the fade into it once it is near. */
  plan() {
    const next = this.queue.next;
    const audio = this.player.audio;
    if (!next || this.timer || this.switching || audio.paused || this.player.loading) return;
    const left = audio.duration - audio.currentTime;
    if (!Number.isFinite(left)) return;
    // Not while the last fade still sounds: the element it would go to is the fading one.
    if (left < FETCH_AHEAD && this.prepared !== next && !audio.fading) {
      this.prepared = next;
      this.player.prepare(next);
    }
    const fade = crossfadeSeconds(this.queue.current, next, prefs.crossfade);
    if (fade > 0 && left <= fade + PLAN_AHEAD) {
      this.timer = setTimeout(() => {
        this.timer = 0;
        this.advance(Math.min(fade, audio.duration - audio.currentTime));
      }, Math.max(0, (left - fade) * 1000));
    }
  }

  advance(fade) {
    if (this.queue.advance()) this.play(fade);
  }

  async play(fade) {
    const track = this.changed();
    this.switching = true;
    let playing = false;
    try {
      playing = await this.player.crossfade(track, Math.max(0, fade), aboutTrack(track));
    } finally {
      this.switching = false;
    }
    // Its file failed while the switch was under way (the error was passed over then).
    if (!playing && this.player.audio.error && this.queue?.current === track) this.advance(0);
  }

  /** Tells what plays now; returns it. */
  changed() {
    this.cancelFade();
    this.prepared = null;
    this.onTrack(this.queue.current, this.queue.next);
    return this.queue.current;
  }

  cancelFade() {
    clearTimeout(this.timer);
    this.timer = 0;
  }
}
