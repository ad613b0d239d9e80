// Playing here, not in a room: the local queue, when a track fades into the next
// (local-queue.js), the two elements that stand in for one (crossfade-audio.js) and the playback
// that drives them (local-playback.js), on simulated elements and a simulated clock.
import assert from "node:assert/strict";
import { mock, test } from "node:test";
import { CrossfadeAudio, fadeGains, volumeIsSettable } from "../../Web/js/crossfade-audio.js";
import { LocalPlayback } from "../../Web/js/local-playback.js";
import { continuesAlbum, crossfadeSeconds, LocalQueue, LONGEST_LOCAL_QUEUE } from "../../Web/js/local-queue.js";
import { prefs } from "../../Web/js/prefs.js";

// The crossfade chosen is remembered in the browser's storage.
const stored = new Map();
globalThis.localStorage ??= { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => stored.set(k, String(v)), removeItem: (k) => stored.delete(k) };

/** An <audio> element as far as the stand-in uses it. */
class FakeElement extends EventTarget {
  constructor(name) {
    super();
    this.name = name;
    this.src = "";
    this.paused = true;
    this.ended = false;
    this.volume = 1;
    this.muted = false;
    this.playbackRate = 1;
    this.currentTime = 0;
    this.duration = NaN;
    this.readyState = 0;
    this.loads = 0;
  }

  load() { this.loads += 1; this.readyState = 0; this.paused = true; this.error = null; }
  play() { this.paused = false; this.fire("play"); return Promise.resolve(); }
  pause() { if (!this.paused) { this.paused = true; this.fire("pause"); } }
  removeAttribute(name) { if (name === "src") this.src = ""; }
  fire(name) { this.dispatchEvent(new Event(name)); }
}

/** A clock and an interval timer the test moves by hand. */
function manualClock() {
  const clock = { ms: 0, ticks: new Set() };
  clock.now = () => clock.ms;
  clock.every = (fn) => { clock.ticks.add(fn); return () => clock.ticks.delete(fn); };
  clock.advance = (ms) => { clock.ms += ms; for (const fn of [...clock.ticks]) fn(); };
  return clock;
}

function pair() {
  const clock = manualClock();
  const first = new FakeElement("first");
  const second = new FakeElement("second");
  const audio = new CrossfadeAudio(first, second, clock);
  return { clock, first, second, audio };
}

const track = (id, more = {}) => ({ id, duration: 200, ...more });

test("a crossfade keeps the sum of two songs as loud: equal power all along, from the old to the new", () => {
  for (const p of [0, 0.1, 0.25, 0.5, 0.8, 1]) {
    const { incoming, outgoing } = fadeGains(p);
    assert.ok(Math.abs(incoming ** 2 + outgoing ** 2 - 1) < 1e-12);
  }
  assert.deepEqual(fadeGains(0), { incoming: 0, outgoing: 1 });
  assert.ok(fadeGains(1).incoming === 1 && fadeGains(1).outgoing < 1e-15);
  assert.ok(fadeGains(0.3).incoming < fadeGains(0.6).incoming, "the new one only rises");
  assert.deepEqual(fadeGains(-1), fadeGains(0));
  assert.deepEqual(fadeGains(2), fadeGains(1));
});

test("an album played in order flows on; anything else may fade, never for more than a third of a track", () => {
  const a1 = track("a1", { albumId: "A", trackNumber: 1 });
  const a2 = track("a2", { albumId: "A", trackNumber: 2 });
  const a3disc2 = track("a3", { albumId: "A", trackNumber: 1, discNumber: 2 });
  const lastOfDisc1 = track("a9", { albumId: "A", trackNumber: 9, discNumber: 1 });
  assert.ok(continuesAlbum(a1, a2));
  assert.ok(continuesAlbum(lastOfDisc1, a3disc2), "the next disc's first track");
  assert.ok(!continuesAlbum(a2, a1), "backwards is a choice, not the album");
  assert.ok(!continuesAlbum(a1, track("b2", { albumId: "B", trackNumber: 2 })));
  assert.ok(!continuesAlbum(track("x"), track("y")), "tracks with no album");
  assert.equal(crossfadeSeconds(a1, a2, 8), 0);
  assert.equal(crossfadeSeconds(a2, a1, 8), 8);
  assert.equal(crossfadeSeconds(track("x"), track("y"), 0), 0, "off");
  assert.equal(crossfadeSeconds(track("x"), null, 8), 0, "nothing follows");
  assert.equal(crossfadeSeconds(track("x"), track("y", { duration: 12 }), 8), 4, "a 12 s jingle fades for 4 s");
  assert.equal(crossfadeSeconds(track("x", { duration: undefined }), track("y"), 8), 0, "a length unknown: no fade");
});

test("the local queue steps through its tracks and stops at either end", () => {
  const queue = new LocalQueue([track("a"), track("b"), track("c")], 1);
  assert.equal(queue.current.id, "b");
  assert.equal(queue.next.id, "c");
  assert.ok(queue.advance());
  assert.equal(queue.next, null);
  assert.ok(!queue.advance(), "the last track has no next");
  assert.ok(queue.back() && queue.back());
  assert.ok(!queue.back(), "the first has none before it");
  assert.equal(new LocalQueue([track("a")], 7).current.id, "a", "an index past the end is the last track");
  const long = Array.from({ length: LONGEST_LOCAL_QUEUE + 10 }, (_, i) => track(String(i)));
  assert.equal(new LocalQueue(long).tracks.length, LONGEST_LOCAL_QUEUE);
});

test("a crossfade starts the other element, fades the old one out and the new one in, then stops the old one", async () => {
  const { clock, first, second, audio } = pair();
  audio.volume = 0.5;
  audio.src = "/a";
  audio.load();
  await audio.play();
  const seen = [];
  for (const name of ["play", "pause", "ended"]) audio.addEventListener(name, () => seen.push(name));
  await audio.crossfade("/b", 4, 0.8); // the new track at its own level
  assert.equal(second.src, "/b");
  assert.ok(!first.paused && !second.paused, "both play during the fade");
  assert.equal(audio.src, "/b", "the stand-in is the new track's element now");
  assert.ok(audio.fading);
  clock.advance(1000);
  assert.equal(first.volume, 0.5, "the fade waits for the new track's first sound");
  assert.equal(second.volume, 0);
  second.readyState = 4;
  second.fire("playing");
  clock.advance(1000);
  const quarter = fadeGains(0.25);
  assert.ok(Math.abs(first.volume - 0.5 * quarter.outgoing) < 1e-9, "the old track keeps its own level");
  assert.ok(Math.abs(second.volume - 0.8 * quarter.incoming) < 1e-9);
  audio.volume = 0.4; // the listener turns it down by half
  clock.advance(1000);
  assert.ok(Math.abs(first.volume - 0.25 * fadeGains(0.5).outgoing) < 1e-9, "the old track follows the volume too");
  assert.ok(Math.abs(second.volume - 0.4 * fadeGains(0.5).incoming) < 1e-9);
  first.fire("pause");
  clock.advance(2000);
  assert.ok(!audio.fading);
  assert.ok(first.paused && first.src === "", "the old element let go");
  assert.equal(second.volume, 0.4);
  assert.equal(clock.ticks.size, 0, "no timer left behind");
});

test("an old track that runs out before the fade's time ends the fade; its end is not the end of what plays", async () => {
  const { clock, first, second, audio } = pair();
  audio.src = "/a";
  await audio.play();
  const seen = [];
  audio.addEventListener("ended", () => seen.push("ended"));
  second.readyState = 4;
  await audio.crossfade("/b", 5);
  clock.advance(3000);
  first.paused = true;
  first.ended = true;
  first.fire("ended");
  assert.deepEqual(seen, [], "the new track plays on");
  assert.ok(!audio.fading);
  assert.equal(first.src, "");
  assert.equal(second.volume, 1, "the new track at its full volume at once");
  second.fire("ended");
  assert.deepEqual(seen, ["ended"], "the new track's own end is");
});

test("without a fade, or with the old track paused, the next one simply starts at full volume", async () => {
  const { first, second, audio } = pair();
  audio.volume = 0.6;
  audio.src = "/a";
  await audio.play();
  await audio.crossfade("/b", 0);
  assert.ok(first.paused && !second.paused && !audio.fading);
  assert.equal(second.volume, 0.6);
  audio.pause();
  await audio.crossfade("/c", 5);
  assert.ok(!audio.fading, "nothing to fade out");
  assert.equal(first.src, "/c");
  assert.equal(first.volume, 0.6);
});

test("a track fetched ahead is not fetched again, and tells its metadata as it becomes the one playing", async () => {
  const { clock, first, second, audio } = pair();
  audio.src = "/a";
  await audio.play();
  audio.prepare("/b");
  audio.prepare("/b");
  assert.equal(second.loads, 1);
  second.readyState = 4;
  second.duration = 180;
  let told = 0;
  audio.addEventListener("loadedmetadata", () => { told += 1; });
  second.fire("loadedmetadata"); // while fetched ahead: not the player's business yet
  assert.equal(told, 0);
  await audio.crossfade("/b", 3);
  assert.equal(second.loads, 1, "played from what was fetched");
  assert.ok(audio.fading);
  clock.advance(1000);
  assert.ok(second.volume > 0 && first.volume < 1, "ready: the fade runs from now");
  assert.equal(told, 1);
  assert.equal(audio.duration, 180);
  // Something else chosen instead: the fade ends and nothing stays fetched ahead.
  audio.prepare("/c");
  audio.src = "/d";
  assert.ok(!audio.fading);
  assert.equal(first.src, "", "the old track stopped, its element let go");
  assert.equal(second.src, "/d");
});

test("a track fetched ahead that failed is fetched again as it becomes the one playing", async () => {
  const { first, second, audio } = pair();
  audio.src = "/a";
  await audio.play();
  audio.prepare("/b");
  second.error = { code: 2 }; // the network went away meanwhile
  await audio.crossfade("/b", 0);
  assert.equal(second.loads, 2);
  assert.equal(audio.error, null);
  assert.ok(first.paused);
});

test("a browser that ignores an element's volume (iOS) is found out", () => {
  assert.ok(volumeIsSettable(() => new FakeElement("probe")));
  const fixed = new FakeElement("fixed");
  Object.defineProperty(fixed, "volume", { get: () => 1, set: () => {} });
  assert.ok(!volumeIsSettable(() => fixed));
});

test("pausing mid-fade ends it: the old track stops, the new one pauses at full volume", async () => {
  const { clock, first, second, audio } = pair();
  audio.src = "/a";
  await audio.play();
  await audio.crossfade("/b", 6);
  clock.advance(1500);
  audio.pause();
  assert.ok(first.paused && second.paused && !audio.fading);
  assert.equal(second.volume, 1);
});

/** Lets the promises due settle (the player's switch to the next track). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A player as local-playback.js uses it, over a fake element whose time the test sets. */
function fakePlayer() {
  const audio = new FakeElement("player");
  audio.duration = 200;
  audio.paused = false;
  const calls = [];
  const player = {
    audio, calls, loading: false,
    get position() { return audio.currentTime; },
    trackId: null,
    load: async (t) => { calls.push(["load", t.id]); player.trackId = t.id; return true; },
    play: async () => { calls.push(["play"]); return true; },
    crossfade: async (t, seconds) => { calls.push(["crossfade", t.id, seconds]); player.trackId = t.id; audio.currentTime = 0; return !audio.error; },
    prepare: (t) => calls.push(["prepare", t.id]),
    seek: (s) => { calls.push(["seek", s]); audio.currentTime = s; },
  };
  return player;
}

test("local playback fetches the next track ahead and fades into it the chosen seconds before the end", async (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  prefs.crossfade = 5;
  t.after(() => { prefs.crossfade = 0; });
  const player = fakePlayer();
  const shown = [];
  const local = new LocalPlayback(player, { onTrack: (current, next) => shown.push([current.id, next?.id ?? null]) });
  await local.start([track("a"), track("b"), track("c")], 0);
  assert.deepEqual(player.calls, [["load", "a"], ["play"]]);
  assert.deepEqual(shown, [["a", "b"]]);
  const at = (seconds) => { player.audio.currentTime = seconds; player.audio.fire("timeupdate"); };
  at(150);
  assert.equal(player.calls.length, 2, "nothing yet 50 s from the end");
  at(185);
  assert.deepEqual(player.calls.at(-1), ["prepare", "b"]);
  at(194.7); // 5.3 s left: the fade is timed for 0.3 s from now
  t.mock.timers.tick(299);
  assert.equal(player.calls.at(-1)[0], "prepare");
  player.audio.currentTime = 195;
  t.mock.timers.tick(2);
  assert.deepEqual(player.calls.at(-1), ["crossfade", "b", 5]);
  player.audio.fire("ended"); // the old track's end, while the player switches: not another skip
  await settle();
  assert.deepEqual(player.calls.at(-1), ["crossfade", "b", 5]);
  assert.deepEqual(shown.at(-1), ["b", "c"]);
  // Seeking back before a timed fade calls it off.
  at(195);
  player.audio.fire("seeking");
  t.mock.timers.tick(1000);
  assert.deepEqual(player.calls.at(-1), ["prepare", "c"], "only fetched ahead");
  // Off: the next track starts as this one ends.
  prefs.crossfade = 0;
  at(199);
  t.mock.timers.tick(5000);
  assert.equal(player.calls.at(-1)[0], "prepare");
  player.audio.fire("ended");
  assert.deepEqual(player.calls.at(-1), ["crossfade", "c", 0]);
  assert.deepEqual(shown.at(-1), ["c", null]);
  player.audio.fire("ended");
  assert.deepEqual(player.calls.at(-1), ["crossfade", "c", 0], "the end of the list is the end");
});

test("previous goes back a track early in one, else to its start; next skips without a fade", async () => {
  const player = fakePlayer();
  const local = new LocalPlayback(player, { onTrack: () => {} });
  await local.start([track("a"), track("b")], 1);
  player.audio.currentTime = 10;
  local.previous();
  assert.deepEqual(player.calls.at(-1), ["seek", 0]);
  player.audio.currentTime = 1;
  local.previous();
  assert.deepEqual(player.calls.at(-1), ["crossfade", "a", 0]);
  local.previous();
  assert.deepEqual(player.calls.at(-1), ["seek", 0], "the first track starts again");
  local.next();
  assert.deepEqual(player.calls.at(-1), ["crossfade", "b", 0]);
  local.stop();
  player.audio.fire("ended");
  local.next();
  assert.deepEqual(player.calls.at(-1), ["crossfade", "b", 0], "stopped: nothing more");
});

test("a track that cannot be played is passed over; the session's end lets go of the player", async () => {
  const player = fakePlayer();
  const local = new LocalPlayback(player, { onTrack: () => {} });
  await local.start([track("a"), track("b"), track("c")], 0);
  player.audio.error = { code: 4 }; // "a" is gone from the disk
  player.audio.fire("error");
  assert.deepEqual(player.calls.at(-1), ["crossfade", "b", 0]);
  await settle();
  assert.deepEqual(player.calls.at(-1), ["crossfade", "c", 0], "b failed as the switch was made: passed over too");
  await settle();
  player.audio.error = null;
  local.dispose();
  const count = player.calls.length;
  for (const name of ["timeupdate", "ended", "error"]) player.audio.fire(name);
  assert.equal(player.calls.length, count, "nothing heard any more");
  assert.ok(!local.active);
});
