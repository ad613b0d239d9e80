// The server's clock from pongs (clock.js): the fastest round trip wins, and its error bound
// counts the server's rounding only where the server stamped whole milliseconds.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ClockEstimator } from "../../Web/js/clock.js";

test("the offset is the fastest sample's, exact to the microsecond when the server says so", () => {
  const clock = new ClockEstimator();
  clock.addSample(1000, 6000.25, 1004, true); // rtt 4: offset 4998.25
  clock.addSample(2000, 7001.5, 2001, true); // rtt 1: offset 5001.0
  clock.addSample(3000, 8003, 3002, true); // rtt 2
  assert.equal(clock.offset, 5001);
  assert.equal(clock.uncertainty, 0.5); // rtt / 2, nothing for rounding
});

test("a server stamping whole milliseconds adds half a millisecond to the bound", () => {
  const clock = new ClockEstimator();
  clock.addSample(1000, 6001, 1002);
  assert.equal(clock.offset, 5000);
  assert.equal(clock.uncertainty, 1.5);
});

test("a pong that came back before it left is no sample", () => {
  const clock = new ClockEstimator();
  clock.addSample(1000, 6000, 999, true);
  assert.equal(clock.ready, false);
  assert.equal(clock.uncertainty, Infinity);
});
