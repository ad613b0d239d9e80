// One track's course on an AudioContext (scheduled-output.js plays them): its decoded pieces
// (track-audio.js) each started from an AudioBufferSourceNode a moment before it sounds, on the
// sample where the one before it ends, at the course's rate; the piece after is asked for a few
// seconds ahead. The voice goes through a gain of its own (the track's leveling, and fades where
// its sound starts or stops mid-track).
const FADE = 0.004; // s: a source that starts or stops mid-track fades, so it never clicks
const SCHEDULE_AHEAD = 1; // s: a piece's source is made this long before it sounds
const PREFETCH_AHEAD = 8; // s: the piece after those is asked for this long before it sounds
const MIN_LEAD = 0.02; // s: the soonest a source can be made to start after the context's clock

/** A track sounding (or about to): its pieces' sources, its gain and its course. */
export class Voice {
  constructor(context, destination, audio, placement, level) {
    this.context = context;
    this.audio = audio;
    this.trackId = audio.trackId;
    this.placement = placement;
    this.begins = placement.when; // context time of its first sound
    this.level = level;
    this.cursor = placement.from; // the track position up to which sources are made
    this.sources = []; // { node, when, ends: track position }
    this.stopped = false;
    this.gain = context.createGain();
    this.gain.connect(destination);
    this.fadeIn(placement.when, placement.from > 0);
    this.pump();
  }

  fadeIn(when, fade) {
    if (fade) {
      this.gain.gain.setValueAtTime(0, when);
      this.gain.gain.linearRampToValueAtTime(this.level, when + FADE);
    } else {
      this.gain.gain.setValueAtTime(this.level, when);
    }
  }

  /** Makes the sources of the next second from the pieces decoded, and asks for the next piece. A
   *  piece that came too late to start on its sample starts where the course is by then. */
  pump() {
    if (this.stopped) return;
    const now = this.context.currentTime;
    const audio = this.audio;
    audio.release(this.placement.positionAt(now));
    this.sources = this.sources.filter((s) => this.placement.contextTimeOf(s.ends) > now);
    while (this.cursor < audio.duration) {
      const at = this.placement.contextTimeOf(this.cursor);
      if (at > now + SCHEDULE_AHEAD) break;
      const piece = audio.pieceAt(this.cursor);
      if (!piece) break; // on its way
      const first = piece.start / audio.rate;
      const ends = (piece.start + piece.frames) / audio.rate;
      const late = at < now + MIN_LEAD;
      const when = late ? now + MIN_LEAD : at;
      const position = late ? this.placement.positionAt(when) : this.cursor;
      this.cursor = ends;
      if (position >= ends) continue;
      if (late) this.fadeIn(when, true);
      const node = this.context.createBufferSource();
      node.buffer = piece.buffer;
      node.playbackRate.value = this.placement.rate;
      node.connect(this.gain);
      node.start(when, position - first);
      this.sources.push({ node, when, ends });
    }
    if (this.placement.contextTimeOf(this.cursor) < now + PREFETCH_AHEAD) audio.pieceAt(this.cursor);
  }

  /** Whether a source is made but not sounding yet (its start is fixed: no rate change now). */
  get pending() {
    const now = this.context.currentTime;
    return this.sources.some((s) => s.when > now);
  }

  /** Fades out from context time `at` and lets go of the nodes. */
  stop(at) {
    this.stopped = true;
    this.gain.gain.cancelScheduledValues(at);
    this.gain.gain.setValueAtTime(this.gain.gain.value, at);
    this.gain.gain.linearRampToValueAtTime(0, at + FADE);
    for (const { node } of this.sources) {
      try { node.stop(Math.max(at + FADE, 0)); } catch { /* already stopped */ }
    }
    const gain = this.gain;
    const last = this.sources.at(-1)?.node;
    if (last) last.onended = () => gain.disconnect();
    else gain.disconnect();
    this.sources = [];
  }

  setRate(rate, at) {
    for (const { node } of this.sources) node.playbackRate.setValueAtTime(rate, at);
    this.placement = this.placement.retimed(at, rate);
  }

  /** The context time of the track's last sample (as far as known). */
  get end() {
    return this.placement.contextTimeOf(this.audio.duration);
  }
}
