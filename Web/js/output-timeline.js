// Where the room's sound belongs on an AudioContext's timeline: the arithmetic of the Web Audio
// path (scheduled-sync.js), with no audio in it.
//
// A context says which of its instants is leaving the speakers when (getOutputTimestamp():
// `contextTime` is heard at `performanceTime`, in performance.now() units; the browser's own output
// latency is inside that pair). So a sample scheduled at context time c is heard at
//     p(c) = performanceTime + (c − contextTime) · 1000                (ms, performance clock)
// which is the server time s(c) = timeOrigin + p(c) + offset (clock.js). While the room plays,
// it is then at
//     x(s) = currentTimestamp + (s − serverTime) / 1000 + outputDelay    (s into the track)
// where outputDelay is what this device's speakers add beyond what the browser knows (set per
// device). A source started at context time `when` from buffer offset `from`, at rate r, plays
// position from + (c − when) · r at c: a Placement.

/** Longer tracks play through <audio> (a decoded track takes ~23 MB a minute at 48 kHz stereo). */
export const MAX_DECODED_SECONDS = 10 * 60;

/** The performance.now() instant (ms) at which context time `contextTime` is heard. */
export function performanceTimeAt(contextTime, stamp) {
  return stamp.performanceTime + (contextTime - stamp.contextTime) * 1000;
}

/** The server time (ms) at which context time `contextTime` is heard. */
export function serverTimeAt(contextTime, stamp, { timeOrigin, offset }) {
  return timeOrigin + performanceTimeAt(contextTime, stamp) + offset;
}

/** The context time heard at server time `serverMs`: the inverse of serverTimeAt. */
export function contextTimeAt(serverMs, stamp, { timeOrigin, offset }) {
  return stamp.contextTime + (serverMs - offset - timeOrigin - stamp.performanceTime) / 1000;
}

/** The context time being heard at performance time `performanceNow` (ms). */
export function heardContextTime(stamp, performanceNow) {
  return stamp.contextTime + (performanceNow - stamp.performanceTime) / 1000;
}

/** Where a playing room is at server time `serverMs` (s into its track), `lead` s further on:
 *  before a jump's state is true (the server starts the track a moment ahead) short of its
 *  start. */
export function roomPositionAt(state, serverMs, lead = 0) {
  if (state.paused) return state.currentTimestamp;
  return state.currentTimestamp + (serverMs - state.serverTime) / 1000 + lead;
}

/** A source's course: buffer position `from` at context time `when`, moving at `rate`. */
export class Placement {
  constructor(when, from, rate = 1) {
    this.when = when;
    this.from = from;
    this.rate = rate;
  }

  positionAt(contextTime) {
    return this.from + (contextTime - this.when) * this.rate;
  }

  /** The context time at which the source reaches `position` (its end, for the next track). */
  contextTimeOf(position) {
    return this.when + (position - this.from) / this.rate;
  }

  /** The same course from context time `contextTime` on, at a new rate. */
  retimed(contextTime, rate) {
    return new Placement(contextTime, this.positionAt(contextTime), rate);
  }
}

export const TRIM_PARAMS = Object.freeze({
  FILTER: 12, // readings (≈1.2 s at 100 ms) in the least-squares line
  GAIN: 0.5, // rate change per second of drift (time constant 2 s)
  INTEGRAL_GAIN: 0.1, // base rate change per second of drift, per second
  INTEGRAL_LIMIT: 0.001, // s: larger drifts (a start settling, a jump of the stamp) teach the base rate nothing
  MAX_TRIM: 0.003, // rates within 0.997–1.003: resampled, a third of a semitone's tenth at most
  RESCHEDULE: 0.03, // s: beyond this, start the sound again in its place (a seek, a stall)
  // s: beyond this once the output stepped (StampLine.steps): trimmed at MAX_TRIM, the 26 ms an
  // output stepped by took 9 s to catch up (bench/acoustic); the sound already jumped there
  STEP_RESCHEDULE: 0.002,
});

/** The rate a source plays at, from its filtered drift (s, positive: the sound is ahead): a PI
 *  loop. The base rate learns how fast this context's clock runs against the page's (often a
 *  few hundred ppm), so no drift has to stand to hold the rate there — a proportional trim alone
 *  would sit 0.4 ms off for 200 ppm. The base outlives restarts (it is the device's); damping
 *  ≈ 0.8, so it settles without ringing. The base takes 10–20 s to learn, holding the sound
 *  ~0.7 ms off meanwhile for a context 350 ppm fast: the follower keeps it between visits. (Not
 *  read from the first stamps: through PulseAudio they run up to 1,700 ppm off for their first
 *  seconds, its latency smoother settling, and a base that far off held the sound 4 ms away.) */
export class RateTrim {
  /** `base`: the rate this device's context needed before (kept between visits), else 1. */
  constructor(params = TRIM_PARAMS, base = 1) {
    this.params = params;
    this.base = base;
  }

  /** The rate for `drift` seen `dt` s after the last reading. */
  update(drift, dt) {
    const p = this.params;
    const bound = (rate) => Math.min(1 + p.MAX_TRIM, Math.max(1 - p.MAX_TRIM, rate));
    if (Math.abs(drift) < p.INTEGRAL_LIMIT && dt > 0 && dt < 1) this.base = bound(this.base - p.INTEGRAL_GAIN * drift * dt);
    return bound(this.base - p.GAIN * drift);
  }
}

/** The least-squares line through (t ms, d) readings, evaluated at the newest one: it follows a
 *  steady trend without lag and averages out the readings' noise. */
export function trendAtLast(samples) {
  const n = samples.length;
  const t0 = samples[n - 1].t;
  let st = 0, sd = 0, stt = 0, std = 0;
  for (const { t, d } of samples) {
    const x = (t - t0) / 1000;
    st += x; sd += d; stt += x * x; std += x * d;
  }
  const denominator = n * stt - st * st;
  if (Math.abs(denominator) < 1e-9) return sd / n;
  const slope = (n * std - st * sd) / denominator;
  return (sd - slope * st) / n; // the intercept at x = 0, the newest sample
}

/** A context's output timeline as a steady line through its recent stamps. A stamp says which
 *  context time is heard when; it jitters by ~50 µs and now and then strays by up to a
 *  millisecond for a few seconds while the sound does not move (through PulseAudio: a step of
 *  ~1.2 ms as Chromium re-estimates its output, then back in steps of ~0.5 ms every 1.5 s;
 *  through PipeWire it flips between two places ~2 ms apart every second or two — against the
 *  recording, bench/acoustic/heard.py), which a rate loop fed raw stamps follows into the sound.
 *  So the line is drawn through a long window (a minute: through a 20 s one the sound still
 *  wandered ±2 ms through PipeWire): its slope (the context clock's pace against the page's) is
 *  the median of slopes between stamps half the window apart, its place the mean of the middle
 *  half of the stamps' offsets from it — past strays as a median is, and not jumping between two
 *  places the stamps flip between, as a median does. A young output's stamps (its first YOUNG_S
 *  of context time) settle for 10–25 s, so they stay in the window only MIN_WINDOW_MS, as long
 *  as every stamp did before.
 *  Stamps over JUMP off the line are passed over, unless they stay off for MOVED_MS, or a
 *  few in a row agree on a step over STEP (no stray comes near that: the largest, ~14 ms, drift
 *  there over seconds), or they come after a pause in the stamps (the context was suspended): the
 *  output really moved (another device, or PulseAudio renegotiating the stream's latency as
 *  another stream joins: steps of 21–42 ms, bench/acoustic). The line then starts anew from the
 *  off stamps that agree with the newest (none after a pause), at the pace it had if the stamps
 *  found that pace themselves and a clock could have it — the output moved, its clock did not —
 *  until the new stamps make a line of their own. (Starting anew at every stamp off the line,
 *  the page read raw stamps for the next 2–3 s, ~2 ms off the sound at times.) A step is counted
 *  (`steps`): beyond doubt, the sound follows it at once. */
export class StampLine {
  static WINDOW_MS = 60_000;
  static MIN_WINDOW_MS = 20_000;
  static YOUNG_S = 30; // context time: an output's first stamps, which settle
  static SETTLED_MS = 2000; // stamps spanning this long make a line
  static JUMP = 0.005; // s
  static MOVED_MS = 1000;
  static STEP = 0.02; // s
  static STEP_STAMPS = 3;
  static PACE_LIMIT = 0.001; // clocks run a few hundred ppm apart
  static PAUSE_MS = 1000; // no stamp read for this long: the context may have been suspended

  constructor() {
    this.stamps = []; // { c: contextTime s, p: performanceTime ms }
    this.cached = undefined; // the line, until the next stamp
    this.seenAt = null; // the last stamp's performanceTime, kept or passed over
    this.off = []; // the stamps over JUMP off the line since the last one on it: { c, p, by }
    this.keptPace = null; // the pace through a move, used until the stamps make a line of their own
    this.steps = 0; // how often the output stepped over STEP
  }

  add({ contextTime: c, performanceTime: p }) {
    if (this.seenAt === p) return; // the same stamp, read again
    const paused = this.seenAt !== null && p - this.seenAt > StampLine.PAUSE_MS;
    this.seenAt = p;
    const line = this.line();
    const last = this.stamps.at(-1);
    const by = line ? c - line.at(p) : 0;
    if (Math.abs(by) > StampLine.JUMP) {
      const newest = { c, p, by };
      this.off.push(newest);
      const stepped = this.stepped();
      if (!paused && !stepped && newest.p - this.off[0].p < StampLine.MOVED_MS) return;
      const agreeing = paused ? [] : this.off.filter(({ by }) => Math.abs(by - newest.by) < StampLine.JUMP);
      // The pace goes on only if the stamps found it themselves, and it is a clock's: a young
      // output's stamps can run 15,000 ppm off (through PipeWire), and a line kept at that pace
      // ran away from the stamps again at once, again and again.
      const clockLike = line.own && Math.abs(line.pace - 1) <= StampLine.PACE_LIMIT;
      this.startAnew(agreeing.slice(0, -1), clockLike ? line.pace : null);
      if (stepped) this.steps += 1;
    } else if (last && c < last.c) this.startAnew([], null); // before a line: a context clock anew
    else this.off = [];
    this.stamps.push({ c, p });
    while (this.expired(this.stamps[0], p)) this.stamps.shift();
    this.cached = undefined;
  }

  /** Whether `stamp` is out of the window at performance time `p`. */
  expired(stamp, p) {
    const age = p - stamp.p;
    return age > StampLine.WINDOW_MS || (stamp.c < StampLine.YOUNG_S && age > StampLine.MIN_WINDOW_MS);
  }

  /** Whether the last few stamps off the line agree on a step over STEP. */
  stepped() {
    const recent = this.off.slice(-StampLine.STEP_STAMPS);
    if (recent.length < StampLine.STEP_STAMPS) return false;
    const offsets = recent.map(({ by }) => by);
    const agree = Math.max(...offsets) - Math.min(...offsets) < StampLine.JUMP;
    return agree && offsets.every((by) => Math.abs(by) > StampLine.STEP);
  }

  startAnew(stamps, keptPace) {
    this.stamps = stamps.map(({ c, p }) => ({ c, p }));
    this.cached = undefined;
    this.off = [];
    this.keptPace = keptPace;
  }

  /** { pace, own (the stamps found the pace), at(p) → context time heard at performance time p },
   *  or null until the stamps make one (SETTLED_MS; through a move, STEP_STAMPS). Kept until the
   *  next stamp: a tick reads it several times. */
  line() {
    if (this.cached === undefined) this.cached = this.fit();
    return this.cached;
  }

  fit() {
    const n = this.stamps.length;
    const own = n >= 8 && this.stamps[n - 1].p - this.stamps[0].p >= StampLine.SETTLED_MS;
    if (!own && (this.keptPace === null || n < StampLine.STEP_STAMPS)) return null;
    const pace = own ? this.ownPace() : this.keptPace;
    const p0 = this.stamps[0].p;
    const offset = middleMean(this.stamps.map(({ c, p }) => c - (pace * (p - p0)) / 1000));
    return { pace, own, at: (p) => offset + (pace * (p - p0)) / 1000 };
  }

  /** The median of the slopes between stamps half the window apart. */
  ownPace() {
    const n = this.stamps.length;
    const half = n >> 1;
    const slopes = [];
    for (let i = 0; i + half < n; i += 1) {
      const a = this.stamps[i], b = this.stamps[i + half];
      slopes.push((b.c - a.c) / ((b.p - a.p) / 1000));
    }
    return median(slopes);
  }

  /** The stamp to read the output by at performance time `now`: on the line once there is one,
   *  else the context's own. */
  stampAt(raw, now) {
    const line = this.line();
    return line ? { contextTime: line.at(now), performanceTime: now } : raw;
  }
}

/** The mean of the middle half of `values`: past strays as a median is, and not jumping
 *  between two places the values flip between, as a median does. */
function middleMean(values) {
  const sorted = [...values].sort((x, y) => x - y);
  const quarter = sorted.length >> 2;
  const middle = sorted.slice(quarter, sorted.length - quarter);
  return middle.reduce((sum, value) => sum + value, 0) / middle.length;
}

function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
