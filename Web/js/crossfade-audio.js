// Two <audio> elements standing in for one, so that a track can fade into the next when played
// here (not in a room): `crossfade(url, seconds)` starts the other element on the next file and
// fades it in while the playing one fades out. Everything else (the player, the meters, the
// keys) sees one element — the current one: its properties, its events — the way native.js's
// stand-in is one for the phone's player. Rooms never crossfade; for them it is the page's
// element as before.

/** The events of the current element that are passed on (the fading one's are not: its end is
 *  not the end of what plays). */
const EVENTS = ["loadstart", "durationchange", "loadedmetadata", "canplay", "canplaythrough", "play", "playing", "pause",
  "waiting", "seeking", "seeked", "timeupdate", "ended", "error", "ratechange", "stalled", "emptied", "progress"];
const HAVE_METADATA = 1;
const HAVE_FUTURE_DATA = 3;
const STEP_MS = 30; // how often a fade's volumes move: steps of a few hundredths of a dB

/** Whether this browser lets a page set an element's volume (iOS's does not: a crossfade there
 *  would be two songs at full volume, then a cut). */
export function volumeIsSettable(make = () => document.createElement("audio")) {
  const probe = make();
  probe.volume = 0.5;
  return probe.volume === 0.5;
}

/** The volumes of a crossfade `progress` (0–1) of the way through: equal power, so the sum of
 *  two unrelated songs stays about as loud all along. */
export function fadeGains(progress) {
  const p = Math.min(1, Math.max(0, progress));
  return { incoming: Math.sin((p * Math.PI) / 2), outgoing: Math.cos((p * Math.PI) / 2) };
}

export class CrossfadeAudio extends EventTarget {
  /** `now` (ms) and `every(fn, ms)` → stop: the clock and the timer (tests give their own). */
  constructor(first, second, { now = () => performance.now(), every = (fn, ms) => { const id = setInterval(fn, ms); return () => clearInterval(id); } } = {}) {
    super();
    this.elements = [first, second];
    this.current = first;
    this.now = now;
    this.every = every;
    this.base = first.volume; // the volume the player asked for (its level included)
    this.fade = null; // { element, base, start, seconds, stop }: the one fading out
    this.prepared = null; // the URL the other element was given ahead (prepare)
    for (const element of this.elements) {
      for (const name of EVENTS) element.addEventListener(name, () => { if (element === this.current) this.dispatchEvent(new Event(name)); });
      // The old track ran out before the fade's time did (its start came late): the fade is over.
      element.addEventListener("ended", () => { if (this.fade?.element === element) this.endFade(); });
    }
  }

  get other() {
    return this.elements[this.current === this.elements[0] ? 1 : 0];
  }

  /** Lets the other element fetch `url` ahead, so the crossfade to it starts at once. */
  prepare(url) {
    if (this.fade || this.prepared === url) return;
    this.prepared = url;
    const other = this.other;
    other.preload = "auto";
    other.src = url;
    other.load();
  }

  /** Makes `url` what plays, at `volume`: the other element starts on it and fades in over
   *  `seconds` while the playing one fades out, keeping its own volume (0: the playing one stops
   *  as the next starts). Resolves as play() does. */
  crossfade(url, seconds, volume = this.base) {
    this.endFade();
    const outgoing = this.current;
    const incoming = this.other;
    // Fetched ahead — unless that failed (a file gone, the network away): then it is asked again.
    if (this.prepared !== url || incoming.error) {
      incoming.src = url;
      incoming.load();
    }
    this.prepared = null;
    incoming.muted = outgoing.muted;
    incoming.playbackRate = 1;
    const outgoingBase = this.base;
    this.base = volume;
    this.current = incoming;
    // Fetched ahead, it told its metadata while it was not the current one.
    if (incoming.readyState >= HAVE_METADATA) this.dispatchEvent(new Event("loadedmetadata"));
    if (seconds > 0 && !outgoing.paused) {
      incoming.volume = 0;
      // The fade's time counts from the new track's first sound (it may still be on its way).
      const fade = { element: outgoing, base: outgoingBase, start: null, seconds, stop: null };
      const begin = () => { if (this.fade === fade) fade.start ??= this.now(); };
      this.fade = fade;
      if (incoming.readyState >= HAVE_FUTURE_DATA) begin();
      else incoming.addEventListener("playing", begin, { once: true });
      fade.stop = this.every(() => this.step(), STEP_MS);
    } else {
      this.silence(outgoing);
      incoming.volume = volume;
    }
    return incoming.play();
  }

  /** Moves a fade's volumes on; at its end the old track stops. */
  step() {
    const fade = this.fade;
    if (!fade) return;
    const progress = fade.start === null ? 0 : (this.now() - fade.start) / (fade.seconds * 1000);
    if (progress >= 1) return this.endFade();
    const gains = fadeGains(progress);
    fade.element.volume = fade.base * gains.outgoing;
    this.current.volume = this.base * gains.incoming;
  }

  /** Ends a fade now: the old track stops, the new one plays at its full volume. */
  endFade() {
    const fade = this.fade;
    if (!fade) return;
    this.fade = null;
    fade.stop();
    this.silence(fade.element);
    this.current.volume = this.base;
  }

  /** The other element lets go of a file it was given ahead. */
  unprepare() {
    if (this.prepared === null) return;
    this.prepared = null;
    this.silence(this.other);
  }

  silence(element) {
    element.pause();
    element.removeAttribute("src");
    element.load();
  }

  get fading() {
    return this.fade !== null;
  }

  // ---- the element's face: the current element's ----
  get src() { return this.current.src; }
  set src(url) { this.endFade(); this.unprepare(); this.current.src = url; }
  get currentSrc() { return this.current.currentSrc; }
  get currentTime() { return this.current.currentTime; }
  set currentTime(seconds) { this.current.currentTime = seconds; }
  get duration() { return this.current.duration; }
  get paused() { return this.current.paused; }
  get ended() { return this.current.ended; }
  get error() { return this.current.error; }
  get readyState() { return this.current.readyState; }
  get seeking() { return this.current.seeking; }
  set preload(value) { for (const element of this.elements) element.preload = value; }
  get playbackRate() { return this.current.playbackRate; }
  set playbackRate(rate) { this.current.playbackRate = rate; }
  get preservesPitch() { return this.current.preservesPitch; }
  set preservesPitch(keep) { this.current.preservesPitch = keep; }
  get volume() { return this.base; }
  /** The volume the player asks for: mid-fade the old track follows it too (muted or turned
   *  down, it is not heard on for seconds). */
  set volume(volume) {
    if (this.fade) this.fade.base = this.base > 0 ? this.fade.base * (volume / this.base) : volume;
    this.base = volume;
    if (this.fade) this.step();
    else this.current.volume = volume;
  }

  get muted() { return this.current.muted; }
  set muted(muted) { for (const element of this.elements) element.muted = muted; }

  load() { this.endFade(); this.current.load(); }
  play() { return this.current.play(); }
  /** Pausing mid-fade ends the fade: the old track is done with. */
  pause() { this.endFade(); this.current.pause(); }
  removeAttribute(name) { this.endFade(); this.unprepare(); this.current.removeAttribute(name); }
}
