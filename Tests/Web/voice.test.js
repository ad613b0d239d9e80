// A track played a piece at a time (piece-chain.js, voice.js) on a simulated AudioContext: which
// pieces are asked for, where each source starts, how much sound is held decoded. The pieces' own
// seams are the server's (TrackPieceRoutesTests); the browser tests play the real thing.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Placement } from "../../Web/js/output-timeline.js";
import { PIECE_SECONDS, PieceChain, Sound } from "../../Web/js/piece-chain.js";
import { Voice } from "../../Web/js/voice.js";

const RATE = 48000;

function param(value) {
  return {
    value,
    events: [],
    setValueAtTime(v, t) { this.events.push(["set", v, t]); },
    linearRampToValueAtTime(v, t) { this.events.push(["ramp", v, t]); },
    cancelScheduledValues(t) { this.events.push(["cancel", t]); },
  };
}

/** A context whose clock the test moves; it keeps every source it made. */
class FakeContext {
  constructor() {
    this.sampleRate = RATE;
    this.currentTime = 10;
    this.sources = [];
  }

  createGain() {
    return { gain: param(1), connect() {}, disconnect() {} };
  }

  createBufferSource() {
    const node = {
      buffer: null, playbackRate: param(1), connect() {},
      start(when, offset) { node.when = when; node.offset = offset; },
      stop(at) { node.stoppedAt = at; },
    };
    this.sources.push(node);
    return node;
  }
}

/** A track of `seconds` whose pieces come back when the test says (`deliver`), or at once. */
function track(seconds, { prompt = true } = {}) {
  const asked = [];
  const waiting = [];
  const chain = new PieceChain(RATE, (start, frames, first) => {
    asked.push({ start, frames, first });
    const length = Math.max(0, Math.min(frames, seconds * RATE - start));
    const buffer = length > 0 ? { length, sampleRate: RATE } : null;
    return new Promise((resolve) => (prompt ? resolve(buffer) : waiting.push(() => resolve(buffer))));
  });
  const sound = new Sound("t", RATE, seconds);
  sound.use(chain, "network");
  return {
    sound, asked,
    deliver: async () => { while (waiting.length) waiting.shift()(); await settle(); },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A voice on a track of `seconds` whose piece at `at` is decoded, sounding 80 ms from now. */
async function voiceFrom(seconds, at) {
  const context = new FakeContext();
  const { sound } = track(seconds);
  sound.has(at);
  await settle();
  const voice = new Voice(context, {}, sound, new Placement(context.currentTime + 0.08, at), 1);
  return { context, sound, voice };
}

/** Moves the context's clock by `seconds` in steps of a tick, pumping the voice each one. */
async function play(context, voice, seconds, step = 0.1) {
  for (let t = 0; t < seconds - 1e-9; t += step) {
    context.currentTime += step;
    voice.pump();
    await settle();
  }
}

test("the pieces of a chain grow from a short first one and follow each other frame for frame", async () => {
  const { sound, asked } = track(600);
  assert.equal(sound.has(100), false, "asked, not decoded yet");
  await settle();
  assert.equal(sound.has(100), true);
  for (const at of [102, 107, 117, 137]) {
    sound.has(at);
    await settle();
  }
  assert.deepEqual(asked.map((a) => a.start / RATE), [100, 102, 107, 117, 137]);
  assert.deepEqual(asked.map((a) => a.frames / RATE), [...PIECE_SECONDS, 20]);
  assert.deepEqual(asked.map((a) => a.first), [true, false, false, false, false], "the first asked soon (fast)");
});

test("a position far from the pieces held starts a chain of its own there, short first again", async () => {
  const { sound, asked } = track(600);
  sound.has(100);
  await settle();
  sound.has(400);
  await settle();
  assert.deepEqual(asked.at(-1), { start: 400 * RATE, frames: PIECE_SECONDS[0] * RATE, first: true });
  assert.equal(sound.has(100.5), false, "the first chain was let go");
});

test("the end is known to the frame from the last piece, and nothing is asked past it", async () => {
  const { sound, asked } = track(4.5);
  assert.equal(sound.endKnown, false);
  sound.has(0);
  await settle();
  sound.has(2);
  await settle();
  assert.equal(sound.endKnown, true);
  assert.equal(sound.duration, 4.5);
  assert.equal(sound.has(4.6), false);
  await settle();
  assert.equal(asked.length, 2);
});

test("a piece the server refuses is an error of the track's at once", async () => {
  const refused = Object.assign(new Error("the track could not be decoded (422)"), { permanent: true });
  const chain = new PieceChain(RATE, () => Promise.reject(refused));
  const sound = new Sound("t", RATE, 100);
  sound.use(chain, "network");
  sound.has(0);
  await settle();
  assert.match(sound.error.message, /422/);
  assert.equal(sound.has(0), false);
});

test("a piece lost on the way is asked again, the same piece, a little later each time", async () => {
  let clock = 0;
  const asked = [];
  let failing = 2;
  const chain = new PieceChain(RATE, (start, frames) => {
    asked.push({ start, frames, at: clock });
    if (failing-- > 0) return Promise.reject(new TypeError("Failed to fetch"));
    return Promise.resolve({ length: frames, sampleRate: RATE });
  }, { now: () => clock });
  const sound = new Sound("t", RATE, 600);
  sound.use(chain, "network");
  for (let step = 0; step < 40 && !sound.has(100); step += 1) {
    clock += 100;
    await settle();
  }
  assert.equal(sound.has(100), true, "it came on the third asking");
  assert.equal(sound.error, null);
  assert.deepEqual(asked.map((a) => [a.start, a.frames]), Array(3).fill([100 * RATE, 2 * RATE]));
  assert.ok(asked[1].at - asked[0].at >= 500 && asked[2].at - asked[1].at >= 1000, "waiting longer each time");
});

test("a piece that keeps failing gives the track up (the room plays it through the element)", async () => {
  let clock = 0;
  const chain = new PieceChain(RATE, () => Promise.reject(new TypeError("Failed to fetch")), { now: () => clock });
  const sound = new Sound("t", RATE, 600);
  sound.use(chain, "network");
  for (let step = 0; step < 100 && !sound.error; step += 1) {
    sound.has(100);
    clock += 100;
    await settle();
  }
  assert.match(String(sound.error), /Failed to fetch/);
});

test("pieces keep growing after the ones behind are let go", async () => {
  const { sound, asked } = track(600);
  for (const at of [0, 2, 7, 17]) {
    sound.has(at);
    await settle();
    sound.release(at + 0.5);
  }
  sound.has(37);
  await settle();
  assert.deepEqual(asked.map((a) => a.frames / RATE), [2, 5, 10, 20, 20]);
});

test("a voice starts each piece on the sample where the one before ends", async () => {
  const context = new FakeContext();
  const { sound } = track(600);
  sound.has(100);
  await settle();
  const when = context.currentTime + 0.08;
  const voice = new Voice(context, {}, sound, new Placement(when, 100.5), 1);
  await play(context, voice, 40);
  const [first, ...rest] = context.sources;
  assert.equal(first.when, when);
  assert.equal(first.offset, 0.5, "the first from where the room is within its piece");
  let expected = when + (first.buffer.length / RATE - 0.5);
  for (const source of rest) {
    assert.ok(Math.abs(source.when - expected) < 1e-9, `at ${expected}: ${source.when}`);
    assert.equal(source.offset, 0);
    expected += source.buffer.length / RATE;
  }
  assert.ok(rest.length >= 3);
});

test("a sound says when its pieces are known and when one comes: a join starts at once, not at the next tick", async () => {
  const told = [];
  const sound = new Sound("t", RATE, 600);
  sound.onChange = () => told.push(sound.has(100));
  const waiting = [];
  sound.use(new PieceChain(RATE, (start, frames) => new Promise((resolve) => waiting.push(() => resolve({ length: frames })))), "network");
  assert.deepEqual(told, [false], "known: the page asks for its piece");
  await settle();
  assert.deepEqual(told, [false]);
  waiting.shift()();
  await settle();
  assert.deepEqual(told, [false, true], "the piece came, decoded");
});

test("sources are made a moment ahead, and a waiting one holds the rate", async () => {
  const { context, voice } = await voiceFrom(600, 0);
  await settle();
  assert.equal(context.sources.length, 1, "the second piece is not made two seconds early");
  assert.equal(voice.pending, true);
  await play(context, voice, 0.5);
  assert.equal(voice.pending, false);
  await play(context, voice, 1.2);
  assert.equal(context.sources.length, 2, "made within a second of sounding");
  assert.equal(voice.pending, true, "it waits for its sample: no trim may move it now");
});

test("a three-hour book holds well under a minute of decoded sound", async () => {
  const { context, sound, voice } = await voiceFrom(3 * 3600, 3600);
  let most = 0;
  for (let i = 0; i < 600; i += 1) {
    await play(context, voice, 0.5, 0.5);
    most = Math.max(most, sound.heldSeconds);
  }
  assert.ok(context.sources.length > 10);
  assert.ok(most <= 2 * PIECE_SECONDS.at(-1) + 1, `held at most ${most} s`);
});

test("a piece that comes late starts where the course is by then, faded in", async () => {
  const context = new FakeContext();
  const { sound, deliver } = track(600, { prompt: false });
  sound.has(0);
  await deliver();
  const start = context.currentTime + 0.08;
  const voice = new Voice(context, {}, sound, new Placement(start, 0), 1);
  await play(context, voice, 3); // the second piece was asked for, not delivered
  assert.equal(context.sources.length, 1);
  await deliver();
  voice.pump();
  const late = context.sources[1];
  assert.ok(late.when > context.currentTime, "started ahead of the clock");
  assert.ok(Math.abs(late.offset - (late.when - start - 2)) < 1e-9, "from where the course is at that instant");
  assert.deepEqual(voice.gain.gain.events.slice(-2), [["set", 0, late.when], ["ramp", 1, late.when + 0.004]]);
});

test("a rate change reaches the sounding sources and moves the course from that instant", async () => {
  const { context, voice } = await voiceFrom(600, 0);
  await play(context, voice, 0.5);
  voice.setRate(1.001, context.currentTime);
  assert.deepEqual(context.sources[0].playbackRate.events, [["set", 1.001, context.currentTime]]);
  await play(context, voice, 1.2);
  const second = context.sources[1];
  assert.equal(second.playbackRate.value, 1.001, "a later source starts at the course's rate");
  assert.ok(Math.abs(second.when - voice.placement.contextTimeOf(2)) < 1e-9);
});
