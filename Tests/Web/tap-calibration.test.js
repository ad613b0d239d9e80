// Calibration by ear (tap-calibration.js): taps against the clicks' heard instants.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CALIBRATION, tapDelay } from "../../Web/js/tap-calibration.js";

const clicks = Array.from({ length: CALIBRATION.CLICKS }, (_, i) => 5_000 + i * CALIBRATION.INTERVAL_MS);
const jitter = [12, -9, 4, -15, 7, 0, -6, 11, -3, 8, -12, 5, 2, -7, 9, -1];

test("a speaker 220 ms late: the taps say 220 ms, whatever the first few taps did", () => {
  const taps = clicks.map((click, i) => click + 220 + jitter[i]);
  taps[0] += 400; // finding the beat
  taps[1] -= 300;
  const result = tapDelay(clicks, taps);
  assert.ok(Math.abs(result.delayMs - 220) <= 10, JSON.stringify(result));
  assert.equal(result.taps, CALIBRATION.CLICKS - CALIBRATION.WARM_UP);
  assert.ok(result.spreadMs < 30);
});

test("taps a little ahead of the clicks (as people tap) pair with those clicks", () => {
  const result = tapDelay(clicks, clicks.map((click, i) => click - 40 + jitter[i]));
  assert.ok(Math.abs(result.delayMs + 40) <= 10, JSON.stringify(result));
});

test("a long delay, most of a beat, is still told apart", () => {
  const result = tapDelay(clicks, clicks.map((click, i) => click + 700 + jitter[i]));
  assert.ok(Math.abs(result.delayMs - 700) <= 10, JSON.stringify(result));
});

test("too few or too uneven taps give no answer but a reason", () => {
  assert.match(tapDelay(clicks, clicks.slice(0, 8)).error, /at least 10/);
  const uneven = clicks.map((click, i) => click + (i % 2 ? 300 : 20));
  assert.match(tapDelay(clicks, uneven).error, /uneven/);
});
