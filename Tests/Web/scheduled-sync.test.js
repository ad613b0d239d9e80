// The Web Audio path's decisions (scheduled-sync.js) against a simulated audio output: a context
// clock that may run fast of the page's clock, an output latency, tracks decoded whole of known
// length (voice.test.js plays pieces).
// The browser tests (e2e/test_web_audio.py) play the real thing in Chromium.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Placement, heardContextTime, roomPositionAt, serverTimeAt } from "../../Web/js/output-timeline.js";
import { PieceChain, Sound, WholePieces } from "../../Web/js/piece-chain.js";
import { ScheduledFollower, followingTrack } from "../../Web/js/scheduled-sync.js";

const TIME_ORIGIN = 1_700_000_000_000; // ms
const OFFSET = 1234.5; // the server's clock is this far ahead of the page's

/** A context whose clock runs (1 + ppm·1e-6) times the page's and is heard `latency` s late. */
class SimulatedOutput {
  /** `stray`: from page time `at` (ms) the stamps say the sound comes `ms` later than it does,
   *  fading to nothing over `lasts` ms (as Chromium's do now and then). */
  constructor({ ppm = 0, latency = 0.04, durations = {}, streamed = false, jitter = 0, stray = null } = {}) {
    this.jitter = jitter;
    this.stray = stray;
    this.ppm = ppm;
    this.latency = latency;
    this.durations = durations;
    this.page = 1000; // performance.now(), ms
    this.state = "running";
    this.current = null;
    this.next = null;
    this.started = [];
    this.undecodable = new Set();
    this.streamed = streamed;
    this.sounds = new Map();
    this.asked = []; // positions (s) of the pieces asked for
    this.waiting = [];
  }

  get context() {
    return { currentTime: (this.page / 1000) * (1 + this.ppm * 1e-6) };
  }

  get running() { return this.state === "running"; }
  resume() { return new Promise(() => {}); } // the browser waits for a click
  get latencyMs() { return this.latency * 1000; }
  /** `jitter` ms: the stamp's performanceTime is off by up to that much, differently each time. */
  stamp() {
    this.stamps = (this.stamps ?? 0) + 1;
    let off = this.jitter * ((Math.sin(this.stamps * 12.9898) * 43758.5453) % 1);
    const { at, ms, lasts } = this.stray ?? {};
    if (this.page >= at && this.page < at + lasts) off += ms * (1 - (this.page - at) / lasts);
    return { ...this.exactStamp(), performanceTime: this.page + off };
  }

  /** What is truly heard when (the test's own measure). */
  exactStamp() { return { contextTime: this.context.currentTime - this.latency, performanceTime: this.page }; }

  /** A track decoded whole, or (`streamed`) a piece at a time when `deliver()` says, at 1 kHz:
   *  the arithmetic is the same at any rate. */
  decode(track) {
    if (this.sounds.has(track.id)) return this.sounds.get(track.id);
    const sound = new Sound(track.id, 1000, track.duration);
    const frames = this.durations[track.id] * 1000;
    if (this.undecodable.has(track.id)) sound.use({ error: new Error("undecodable") }, "network");
    else if (!this.streamed) sound.use(new WholePieces({ length: frames, sampleRate: 1000 }), "network");
    else {
      sound.use(new PieceChain(1000, (start, length) => {
        this.asked.push(start / 1000);
        return new Promise((resolve) => this.waiting.push(() => resolve({ length: Math.min(length, frames - start) })));
      }), "network");
    }
    this.sounds.set(track.id, sound);
    return sound;
  }

  async deliver() {
    while (this.waiting.length) this.waiting.shift()();
    await new Promise((resolve) => setImmediate(resolve));
  }

  keepOnly() {}
  pump() {}

  start(audio, when, from, level, rate) {
    if (this.current) this.current.stoppedAt = when; // as the real output: what played stops there
    this.current = new SimulatedVoice(audio, new Placement(when, from, rate));
    this.started.push({ trackId: audio.trackId, when, from });
    this.next = null;
  }

  follow(audio) {
    this.next = new SimulatedVoice(audio, new Placement(this.current.end, 0, this.current.placement.rate));
  }

  promoteNext() {
    this.current = this.next;
    this.next = null;
  }

  stop() {
    this.current = null;
    this.next = null;
  }
}

class SimulatedVoice {
  constructor(audio, placement) {
    this.audio = audio;
    this.trackId = audio.trackId;
    this.placement = placement;
    this.begins = placement.when;
    this.pending = false;
  }

  setRate(rate, at) { this.placement = this.placement.retimed(at, rate); }
  get end() { return this.placement.contextTimeOf(this.audio.duration); }
}

function setUp(options = {}, upNext = () => null, pace = { contextPace: null }) {
  const output = new SimulatedOutput(options);
  const blocked = [];
  const player = { output, trackId: null, clear() { this.trackId = null; }, noteBlocked: (b) => blocked.push(b) };
  const follower = new ScheduledFollower({
    player, clock: { offset: OFFSET }, upNext, performanceNow: () => output.page, timeOrigin: TIME_ORIGIN, pace,
  });
  return { output, follower, blocked };
}

const serverNow = (output) => TIME_ORIGIN + output.page + OFFSET;

/** A state: the room at `position` s into `track` as of the server's now, playing unless said. */
function stateAt(output, track, position, { paused = false } = {}) {
  return { channelId: "r", track, currentTimestamp: position, serverTime: serverNow(output), paused, currentIndex: 0 };
}

/** Where the sound heard now is, against where the room is now (s). */
function heardDrift(output, state, lead = 0) {
  const stamp = output.exactStamp();
  const heard = heardContextTime(stamp, output.page);
  const room = roomPositionAt(state, serverTimeAt(heard, stamp, { timeOrigin: TIME_ORIGIN, offset: OFFSET }), lead);
  return output.current.placement.positionAt(heard) - room;
}

function run(follower, output, state, seconds, { lead = 0, every = 100 } = {}) {
  const phases = [];
  for (let t = 0; t < seconds * 1000; t += every) {
    output.page += every;
    phases.push(follower.tick(state, lead));
  }
  return phases;
}

/** How far off the room the sound is (s, unsigned) after each of `ticks` ticks 100 ms apart. */
function driftsOver(follower, output, state, ticks) {
  const drifts = [];
  for (let i = 0; i < ticks; i += 1) {
    output.page += 100;
    follower.tick(state, 0);
    drifts.push(Math.abs(heardDrift(output, state)));
  }
  return drifts;
}

const A = { id: "a", duration: 200 };
const B = { id: "b", duration: 180 };

test("a join starts the track where the room will be heard, whatever the output latency", () => {
  for (const latency of [0, 0.04, 0.25]) {
    const { output, follower } = setUp({ latency, durations: { a: 200 } });
    const state = stateAt(output, A, 10);
    assert.equal(follower.tick(state, 0), "starting");
    const [start] = output.started;
    assert.ok(start.when > output.context.currentTime, "started ahead of the context's clock");
    output.page += 500;
    assert.ok(Math.abs(heardDrift(output, state)) < 1e-9, `latency ${latency}: heard where the room is`);
    assert.equal(follower.tick(state, 0), "playing");
  }
});

test("an output delay set for the device plays that much ahead", () => {
  const { output, follower } = setUp({ durations: { a: 200 } });
  const state = stateAt(output, A, 10);
  follower.tick(state, 0.3);
  output.page += 500;
  assert.ok(Math.abs(heardDrift(output, state) - 0.3) < 1e-9);
});

test("a context clock 100 ppm fast is trimmed back, never restarted, onto the room's time", () => {
  const { output, follower } = setUp({ ppm: 100, durations: { a: 200 } });
  const state = stateAt(output, A, 5);
  const drifts = driftsOver(follower, output, state, 900);
  assert.equal(output.started.length, 1, "one start, no restart");
  assert.ok(Math.max(...drifts) < 0.0005, `never half a millisecond off (max ${Math.max(...drifts) * 1000} ms)`);
  assert.ok(Math.max(...drifts.slice(-100)) < 0.00005, `then within 50 µs (${Math.max(...drifts.slice(-100)) * 1e6} µs)`);
  const rate = output.current.placement.rate;
  assert.ok(Math.abs(rate - 1 / (1 + 100e-6)) < 3e-6, `the rate the clock needs (${rate})`);
});

test("the pace this device's context needed is kept, and the next visit is on time from its start", () => {
  const kept = { contextPace: null };
  const first = setUp({ ppm: 300, durations: { a: 200 } }, () => null, kept);
  run(first.follower, first.output, stateAt(first.output, A, 5), 60);
  assert.ok(Math.abs(kept.contextPace - 1 / (1 + 300e-6)) < 5e-6, `kept ${kept.contextPace}`);

  const worst = (pace) => {
    const { output, follower } = setUp({ ppm: 300, durations: { a: 200 } }, () => null, pace);
    return Math.max(...driftsOver(follower, output, stateAt(output, A, 5), 100).slice(10));
  };
  const fresh = worst({ contextPace: null });
  const known = worst({ contextPace: kept.contextPace });
  assert.ok(fresh > 0.0003, `a first visit is held off while the pace is learned (${fresh * 1000} ms)`);
  assert.ok(known < 0.00005, `a later one stays within 50 µs (${known * 1e6} µs)`);
});

test("a stamp that strays for a second and a half does not move the sound", () => {
  const { output, follower } = setUp(
    { ppm: 300, jitter: 0.05, durations: { a: 200 }, stray: { at: 31_000, ms: 0.8, lasts: 1500 } }, () => null,
    { contextPace: 1 / (1 + 300e-6) });
  const most = Math.max(...driftsOver(follower, output, stateAt(output, A, 5), 600).slice(100));
  assert.equal(output.started.length, 1);
  assert.ok(most < 0.0001, `within 0.1 ms through the stray (${most * 1000} ms)`);
});

test("a room joined after a while in an empty one finds the output's line drawn: a stray then is passed over", () => {
  const stray = { at: 20_000, ms: 1.2, lasts: 3000 }; // from just before the join
  const { output, follower } = setUp({ ppm: 300, jitter: 0.05, durations: { a: 200 }, stray }, () => null,
    { contextPace: 1 / (1 + 300e-6) });
  run(follower, output, { channelId: "lobby", track: null, paused: false, currentIndex: 0 }, 20.5);
  const most = Math.max(...driftsOver(follower, output, stateAt(output, A, 5), 50).slice(5));
  assert.equal(output.started.length, 1);
  assert.ok(most < 0.0002, `within 0.2 ms through the stray (${most * 1000} ms)`);
});

test("an output that really moves (another device) is followed", () => {
  const { output, follower } = setUp({ durations: { a: 200 } }, () => null, { contextPace: 1 });
  const state = stateAt(output, A, 5);
  run(follower, output, state, 10);
  output.latency += 0.012; // 12 ms more between the context and the speakers
  run(follower, output, state, 10);
  assert.ok(Math.abs(heardDrift(output, state)) < 0.0003, `${heardDrift(output, state) * 1000} ms`);
});

test("stamps off by 16 ms coming back over 3 s, the sound not moving: no start again, there or back", () => {
  const { output, follower } = setUp({ durations: { a: 200 }, stray: { at: 21_000, ms: 16, lasts: 3000 } }, () => null,
    { contextPace: 1 });
  const state = stateAt(output, A, 5);
  run(follower, output, state, 30);
  assert.equal(output.started.length, 1);
});

test("an output that steps by 42 ms (PulseAudio renegotiating its latency) is followed within half a second", () => {
  const { output, follower } = setUp({ jitter: 0.05, durations: { a: 200 } }, () => null, { contextPace: 1 });
  const state = stateAt(output, A, 5);
  run(follower, output, state, 10);
  output.latency -= 0.042;
  run(follower, output, state, 0.5);
  assert.ok(Math.abs(heardDrift(output, state)) < 0.0003, `${heardDrift(output, state) * 1000} ms`);
  assert.equal(output.started.length, 2, "started again in its place, once");
});

test("a steady sound is left alone: the rate stays exactly 1", () => {
  const { output, follower } = setUp({ durations: { a: 200 } });
  const state = stateAt(output, A, 5);
  run(follower, output, state, 20);
  assert.equal(output.current.placement.rate, 1);
  assert.equal(output.started.length, 1);
});

test("a seek in the room starts the sound again in its new place", () => {
  const { output, follower } = setUp({ durations: { a: 200 } });
  run(follower, output, stateAt(output, A, 5), 2);
  const moved = stateAt(output, A, 60);
  follower.tick(moved, 0);
  assert.equal(output.started.length, 2);
  output.page += 300;
  assert.ok(Math.abs(heardDrift(output, moved)) < 1e-9);
});

test("a join waits for its first piece; a seek silences the old place until the new one is decoded", async () => {
  const { output, follower } = setUp({ durations: { a: 200 }, streamed: true });
  const state = stateAt(output, A, 10);
  assert.equal(follower.tick(state, 0), "loading");
  assert.equal(output.current, null);
  await output.deliver();
  output.page += 100;
  assert.equal(follower.tick(state, 0), "starting");
  output.page += 500;
  assert.ok(Math.abs(heardDrift(output, state)) < 1e-9, "heard where the room is, after the wait");
  const moved = stateAt(output, A, 120);
  assert.equal(follower.tick(moved, 0), "loading");
  assert.equal(output.current, null, "the old place is silent at once");
  const asked = output.asked.length;
  run(follower, output, moved, 0.5);
  assert.equal(output.asked.length, asked, "nothing more is asked while the piece comes");
  await output.deliver();
  output.page += 100;
  assert.equal(follower.tick(moved, 0), "starting");
  output.page += 300;
  assert.ok(Math.abs(heardDrift(output, moved)) < 1e-9);
});

test("the next track's first piece is asked for while the current one plays: a skip to it sounds at once", async () => {
  const { output, follower } = setUp({ durations: { a: 200, b: 180 }, streamed: true }, () => B);
  const state = stateAt(output, A, 10);
  follower.tick(state, 0);
  await output.deliver();
  run(follower, output, state, 1);
  await output.deliver();
  assert.ok(output.decode(B).has(0), "B's start is decoded, 189 s before A ends");
  const skipped = stateAt(output, B, 0);
  output.page += 100;
  assert.equal(follower.tick(skipped, 0), "starting", "no wait for a piece");
  assert.equal(output.current.trackId, "b");
});

test("a jump made a moment ahead: the playing track plays on, the new one starts on the jump's instant", async () => {
  const C = { id: "c", duration: 150 };
  const { output, follower } = setUp({ durations: { a: 200, b: 180, c: 150 }, streamed: true }, () => B);
  const state = stateAt(output, A, 10);
  follower.tick(state, 0);
  await output.deliver();
  run(follower, output, state, 1);
  const playing = output.current;
  const jump = { ...stateAt(output, C, 0), serverTime: serverNow(output) + 500 }; // not the prefetched B
  assert.equal(follower.tick(jump, 0), "loading");
  output.page += 150;
  follower.tick(jump, 0);
  assert.equal(output.current, playing, "A plays on while C's first piece comes");
  assert.equal(playing.stoppedAt, undefined);
  await output.deliver();
  output.page += 50;
  follower.tick(jump, 0);
  const start = output.started.at(-1);
  assert.deepEqual([start.trackId, start.from], ["c", 0]);
  const heardAt = serverTimeAt(start.when, output.exactStamp(), { timeOrigin: TIME_ORIGIN, offset: OFFSET });
  assert.ok(Math.abs(heardAt - jump.serverTime) < 0.001, `C heard ${heardAt - jump.serverTime} ms from the jump`);
  assert.equal(playing.stoppedAt, start.when, "A stops where C starts");
  run(follower, output, jump, 1);
  assert.equal(output.started.length, 2, "no restart once C plays");
  assert.ok(Math.abs(heardDrift(output, jump)) < 1e-9);
});

test("a pause stops the sound; the resume starts it where the room is", () => {
  const { output, follower } = setUp({ durations: { a: 200 } });
  run(follower, output, stateAt(output, A, 5), 2);
  assert.equal(follower.tick(stateAt(output, A, 7, { paused: true }), 0), "paused");
  assert.equal(output.current, null);
  const resumed = stateAt(output, A, 7);
  follower.tick(resumed, 0);
  output.page += 300;
  assert.ok(Math.abs(heardDrift(output, resumed)) < 1e-9);
});

test("the next track starts on the sample the current one ends, and takes over without a restart", () => {
  const { output, follower } = setUp({ ppm: 50, durations: { a: 200, b: 180 } }, () => B);
  const first = stateAt(output, A, 190);
  run(follower, output, first, 7); // trims run until the last seconds
  assert.ok(output.next, "the next track is scheduled before the end");
  assert.equal(output.next.trackId, "b");
  assert.equal(output.next.placement.when, output.current.end, "gapless: the next begins where the current ends");
  assert.equal(output.next.placement.from, 0);
  const boundary = output.current.end;
  const rateAtEnd = output.current.placement.rate;
  run(follower, output, first, 2);
  assert.equal(output.current.end, boundary, "no trim moves the boundary once the next is scheduled");
  assert.equal(output.current.placement.rate, rateAtEnd);
  // The server moves on at its own end of the track: half a second later, the next state names B.
  run(follower, output, first, 1.5);
  const second = stateAt(output, B, 0.5);
  const starts = output.started.length;
  follower.tick(second, 0);
  assert.equal(output.current.trackId, "b");
  assert.equal(output.started.length, starts, "no new start");
  assert.equal(follower.gapless, 1);
  assert.ok(Math.abs(heardDrift(output, second)) < 0.001, "and it is heard where the room is");
});

test("a room repeating one track: the scheduled copy takes over when the room starts it again", () => {
  const { output, follower } = setUp({ ppm: 50, durations: { a: 200 } }, () => A);
  const first = stateAt(output, A, 190);
  run(follower, output, first, 9);
  assert.equal(output.next?.trackId, "a", "the same track is scheduled after itself");
  const boundary = output.current.end;
  const starts = output.started.length;
  // Past the end, the room has not said yet that it began again: the ending source stays.
  run(follower, output, first, 1.3);
  assert.ok(output.context.currentTime > boundary);
  assert.equal(follower.gapless, 0);
  assert.equal(output.started.length, starts);
  const again = stateAt(output, A, 0.3); // the room began it again at its own end, 0.3 s ago
  follower.tick(again, 0);
  assert.equal(follower.gapless, 1, "the copy took over");
  assert.equal(output.started.length, starts, "no new start, no crossfade");
  assert.ok(Math.abs(heardDrift(output, again)) < 0.001, "and it is heard where the room is");
});

test("a track this browser cannot decode falls back, and stays with the element", () => {
  const { output, follower } = setUp({ durations: { a: 200 } });
  output.undecodable.add("a");
  const state = stateAt(output, A, 5);
  assert.equal(follower.handles(state), true);
  assert.equal(follower.tick(state, 0), "fallback");
  assert.equal(follower.handles(state), false);
  assert.equal(follower.handles(stateAt(output, { id: "book", duration: 3 * 3600 }, 0)), true, "a long track plays a piece at a time");
});

test("a context the browser keeps suspended says blocked, not playing", () => {
  const { output, follower, blocked } = setUp({ durations: { a: 200 } });
  output.state = "suspended";
  const phases = run(follower, output, stateAt(output, A, 5), 1);
  assert.equal(phases.at(-1), "blocked");
  assert.ok(blocked.length > 0 && blocked.every((b) => b === true), "the page is told to ask for a click");
  assert.equal(output.current, null);
});

test("what follows a track: by the room's mode", () => {
  const queue = [A, B, { id: "c" }];
  const room = (currentIndex, playbackMode) => ({ track: queue[currentIndex], currentIndex, playbackMode });
  assert.equal(followingTrack(room(0, "once"), queue), B);
  assert.equal(followingTrack(room(2, "once"), queue), null);
  assert.equal(followingTrack(room(2, "repeat-all"), queue), A);
  assert.equal(followingTrack(room(1, "repeat-one"), queue), B);
  assert.equal(followingTrack(room(0, "shuffle"), queue), null);
  assert.equal(followingTrack({ ...room(0, "once"), currentIndex: 1 }, queue), null, "a queue that is not the room's");
});
