// The Web Audio output for rooms: tracks' sound (track-audio.js) played as voices (voice.js)
// that start at exact context times (scheduled-sync.js says which track, where and when), into
// the listener's volume. At most two tracks are kept: the one playing and the next.
import { Placement, performanceTimeAt } from "./output-timeline.js";
import { TrackAudio } from "./track-audio.js";
import { Voice } from "./voice.js";

const againKey = (trackId) => `${trackId}\nagain`;

/** What the output plays while it is awake: a constant this small (−120 dBFS, zero once the
 *  sound is 16-bit) is nothing to hear, and the browser cannot call it silence. */
export const AWAKE_LEVEL = 2 ** -20;

export class ScheduledOutput {
  /** `makeContext`: the AudioContext (tests give a simulated one). */
  constructor({ makeContext = () => new AudioContext() } = {}) {
    this.makeContext = makeContext;
    this.context = null;
    this.master = null;
    this.wake = null; // the constant source that keeps the output awake, while it does
    this.awake = true;
    this.volume = 1;
    this.decoded = new Map(); // track ID → TrackAudio
    this.current = null; // Voice
    this.next = null; // Voice: starts where the current one ends (gapless)
    this.onSound = null; // told when a track's sound opens or a piece of it comes
  }

  /** The context, made on first use (a browser may hold it suspended until a click). */
  ensureContext() {
    if (!this.context) {
      this.context = this.makeContext();
      this.master = this.context.createGain();
      this.master.gain.value = this.volume;
      this.master.connect(this.context.destination);
      this.keepAwake(this.awake);
    }
    return this.context;
  }

  /** Keeps the output's stream to the system open while nothing plays (or lets it go). Chromium
   *  closes it after 30 s of silence and opens a new one at the next sound, and through
   *  PulseAudio a new stream's timing is misread by up to 5 ms for its first ~10 s (its latency
   *  smoother settling): a room joined then would follow that into the sound (bench/acoustic). */
  keepAwake(awake) {
    this.awake = awake;
    if (!this.context || awake === (this.wake !== null)) return;
    if (awake) {
      this.wake = this.context.createConstantSource();
      this.wake.offset.value = AWAKE_LEVEL;
      this.wake.connect(this.context.destination); // not through the volume: muted, it would be silence
      this.wake.start();
    } else {
      this.wake.stop();
      this.wake.disconnect();
      this.wake = null;
    }
  }

  get running() {
    return this.context?.state === "running";
  }

  /** Asks the browser to let the context run (after a click, when it refused before). */
  resume() {
    return this.ensureContext().resume().catch(() => {});
  }

  /** Which context time is heard when (see output-timeline.js). */
  stamp() {
    return this.context.getOutputTimestamp();
  }

  /** What the browser says it adds between a rendered sample and the speakers, in ms. */
  get latencyMs() {
    const context = this.context;
    return context ? ((context.outputLatency || 0) + (context.baseLatency || 0)) * 1000 : null;
  }

  /** A track's sound, opened if it was not. `again`: the track following itself (a room
   *  repeating one track), whose start is read while its end still plays — a course of its own,
   *  unless the track is decoded whole. */
  decode(track, { again = false } = {}) {
    const key = again ? againKey(track.id) : track.id;
    let audio = this.decoded.get(key);
    if (!audio) {
      const first = again ? this.decoded.get(track.id) : null;
      audio = first?.source === "cache" ? first : new TrackAudio(track, this.ensureContext());
      audio.onChange = () => this.onSound?.();
      this.decoded.set(key, audio);
    }
    return audio;
  }

  /** Lets go of every track's sound but these tracks'. */
  keepOnly(trackIds) {
    for (const key of this.decoded.keys()) if (!trackIds.includes(key.split("\n")[0])) this.decoded.delete(key);
  }

  /** Plays `audio` from `from` at context time `when`, at `rate`; whatever played stops there. */
  start(audio, when, from, level, rate = 1) {
    this.stop(when);
    this.current = new Voice(this.context, this.master, audio, new Placement(when, from, rate), level);
    return this.current;
  }

  /** Makes the sources due soon and asks for the pieces due next (every tick). */
  pump() {
    this.current?.pump();
    this.next?.pump();
  }

  /** Seconds of sound held decoded, every track's. */
  get heldSeconds() {
    let seconds = 0;
    for (const audio of this.decoded.values()) seconds += audio.heldSeconds;
    return seconds;
  }

  /** Starts the next track exactly where the current one ends. */
  follow(audio, level) {
    this.cancelNext();
    const { rate } = this.current.placement; // the context's pace goes on
    this.next = new Voice(this.context, this.master, audio, new Placement(this.current.end, 0, rate), level);
  }

  /** The next track has become the room's: it is the current one now (it may still be ahead). */
  promoteNext() {
    this.current = this.next;
    this.next = null;
    const again = againKey(this.current.trackId);
    if (this.decoded.get(again) === this.current.audio) {
      this.decoded.set(this.current.trackId, this.current.audio);
      this.decoded.delete(again);
    }
  }

  cancelNext() {
    this.next?.stop(this.context.currentTime);
    this.next = null;
  }

  /** Stops everything from context time `at` (now by default), fading out. */
  stop(at = this.context?.currentTime ?? 0) {
    this.current?.stop(at);
    this.current = null;
    this.cancelNext();
  }

  /** Schedules `count` short clicks `interval` s apart from a second from now (calibration by
   *  ear); returns the performance.now() instants at which each will be heard. */
  clicks(count, interval) {
    const context = this.ensureContext();
    const click = context.createBuffer(1, Math.round(context.sampleRate * 0.004), context.sampleRate);
    const samples = click.getChannelData(0);
    for (let i = 0; i < samples.length; i += 1) {
      samples[i] = Math.sin((2 * Math.PI * 1000 * i) / context.sampleRate) * (1 - i / samples.length) * 0.8;
    }
    const first = context.currentTime + 1;
    const whens = Array.from({ length: count }, (_, k) => first + k * interval);
    for (const when of whens) {
      const source = context.createBufferSource();
      source.buffer = click;
      source.connect(context.destination);
      source.start(when);
    }
    return whens;
  }

  /** The performance.now() instant at which context time `when` is heard (after the context ran). */
  heardAt(when) {
    return performanceTimeAt(when, this.stamp());
  }

  setVolume(volume) {
    this.volume = volume;
    if (this.master) this.master.gain.setTargetAtTime(volume, this.context.currentTime, 0.01);
  }
}
