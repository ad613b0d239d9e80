// The Web Audio output for rooms: whole decoded tracks played from AudioBufferSourceNodes that
// start at exact context times (scheduled-sync.js says which, where and when). Each source goes
// through a gain of its own (the track's leveling, and fades when a source starts or stops in the
// middle of its track) into the listener's volume. At most two tracks are kept decoded: the one
// playing and the next.
import { trackUrl } from "./api.js";
import { cache } from "./cache.js";
import { Placement, performanceTimeAt } from "./output-timeline.js";

const FADE = 0.004; // s: a source that starts or stops mid-track fades, so it never clicks

/** One decoded track: `buffer` once ready, `error` if it cannot be decoded here. */
class Decoded {
  constructor(trackId, context) {
    this.trackId = trackId;
    this.buffer = null;
    this.error = null;
    this.source = null; // "cache" | "network", once read
    this.promise = readBytes(trackId)
      .then(({ bytes, source }) => {
        this.source = source;
        return context.decodeAudioData(bytes);
      })
      .then((buffer) => { this.buffer = buffer; })
      .catch((error) => { this.error = error; });
  }
}

/** The track's bytes and where they came from: the cache (kept there on the way when the cache
 *  is on; a download's file also with it off), else the server. */
async function readBytes(trackId) {
  if (cache.enabled || cache.downloaded.has(trackId)) {
    const kept = await cache.get(trackId);
    if (kept) cache.touch(trackId).catch(() => {});
    const entry = kept ?? ((await cache.store(trackId)) ? await cache.get(trackId) : null);
    if (entry?.blob) return { bytes: await entry.blob.arrayBuffer(), source: kept ? "cache" : "network" };
  }
  const response = await fetch(trackUrl(trackId), { credentials: "include" });
  if (!response.ok) throw new Error(`the track could not be read (${response.status})`);
  return { bytes: await response.arrayBuffer(), source: "network" };
}

/** A track sounding (or about to): its source, its gain and its course. */
class Voice {
  constructor(context, destination, trackId, buffer, placement, level) {
    this.trackId = trackId;
    this.buffer = buffer;
    this.placement = placement;
    this.begins = placement.when; // context time of its first sound
    this.gain = context.createGain();
    this.gain.connect(destination);
    this.source = context.createBufferSource();
    this.source.buffer = buffer;
    this.source.connect(this.gain);
    const { when, from } = placement;
    if (from > 0) {
      this.gain.gain.setValueAtTime(0, when);
      this.gain.gain.linearRampToValueAtTime(level, when + FADE);
    } else {
      this.gain.gain.setValueAtTime(level, when);
    }
    this.source.start(when, from);
  }

  /** Fades out from context time `at` and lets go of the nodes. */
  stop(at) {
    this.gain.gain.cancelScheduledValues(at);
    this.gain.gain.setValueAtTime(this.gain.gain.value, at);
    this.gain.gain.linearRampToValueAtTime(0, at + FADE);
    try { this.source.stop(at + FADE); } catch { /* already stopped */ }
    this.source.onended = () => this.gain.disconnect();
  }

  setRate(rate, at) {
    this.source.playbackRate.setValueAtTime(rate, at);
    this.placement = this.placement.retimed(at, rate);
  }

  get end() {
    return this.placement.contextTimeOf(this.buffer.duration);
  }
}

export class ScheduledOutput {
  constructor() {
    this.context = null;
    this.master = null;
    this.volume = 1;
    this.decoded = new Map(); // track ID → Decoded
    this.current = null; // Voice
    this.next = null; // Voice: starts where the current one ends (gapless)
  }

  /** The context, made on first use (a browser may hold it suspended until a click). */
  ensureContext() {
    if (!this.context) {
      this.context = new AudioContext();
      this.master = this.context.createGain();
      this.master.gain.value = this.volume;
      this.master.connect(this.context.destination);
    }
    return this.context;
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

  /** The decoding of a track, begun if it was not. */
  decode(trackId) {
    let decoded = this.decoded.get(trackId);
    if (!decoded) {
      decoded = new Decoded(trackId, this.ensureContext());
      this.decoded.set(trackId, decoded);
    }
    return decoded;
  }

  /** Lets go of every decoded track but these. */
  keepOnly(trackIds) {
    for (const id of this.decoded.keys()) if (!trackIds.includes(id)) this.decoded.delete(id);
  }

  /** Plays `buffer` from `from` at context time `when`; whatever played stops there. */
  start(trackId, buffer, when, from, level) {
    this.stop(when);
    this.current = new Voice(this.context, this.master, trackId, buffer, new Placement(when, from), level);
    return this.current;
  }

  /** Starts the next track exactly where the current one ends. */
  follow(trackId, buffer, level) {
    this.cancelNext();
    this.next = new Voice(this.context, this.master, trackId, buffer, new Placement(this.current.end, 0), level);
  }

  /** The next track has become the room's: it is the current one now (it may still be ahead). */
  promoteNext() {
    this.current = this.next;
    this.next = null;
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
