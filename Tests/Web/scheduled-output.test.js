// The Web Audio output's own life (scheduled-output.js) on a simulated AudioContext.
import assert from "node:assert/strict";
import { test } from "node:test";
import { AWAKE_LEVEL, ScheduledOutput } from "../../Web/js/scheduled-output.js";

/** A context that keeps the constant sources it made and what each is connected to. */
class FakeContext {
  constructor() {
    this.currentTime = 0;
    this.destination = { name: "destination" };
    this.constants = [];
  }

  createGain() {
    return { gain: { value: 1, setTargetAtTime(value) { this.value = value; } }, connect() {} };
  }

  createConstantSource() {
    const node = {
      offset: { value: 1 }, started: false, stopped: false, target: null,
      connect(target) { node.target = target; },
      disconnect() { node.target = null; },
      start() { node.started = true; },
      stop() { node.stopped = true; },
    };
    this.constants.push(node);
    return node;
  }
}

/** The sources keeping the output awake now. */
const waking = (context) => context.constants.filter((node) => node.started && !node.stopped);

test("an output made awake plays an inaudible constant straight into the speakers", () => {
  const context = new FakeContext();
  const output = new ScheduledOutput({ makeContext: () => context });
  output.ensureContext();
  const [wake] = waking(context);
  assert.ok(wake, "a source keeps the output awake");
  assert.equal(wake.target, context.destination, "not through the volume, which may be 0");
  assert.ok(wake.offset.value > 0 && wake.offset.value <= AWAKE_LEVEL);
  assert.ok(20 * Math.log10(AWAKE_LEVEL) < -110, "far below anything heard");
  output.setVolume(0);
  assert.equal(waking(context).length, 1, "muting keeps it awake");
});

test("an output let sleep stops its constant, and wakes again with a new one", () => {
  const context = new FakeContext();
  const output = new ScheduledOutput({ makeContext: () => context });
  output.ensureContext();
  output.keepAwake(false);
  assert.equal(waking(context).length, 0);
  assert.equal(context.constants[0].target, null);
  output.keepAwake(false);
  output.keepAwake(true);
  output.keepAwake(true);
  assert.equal(waking(context).length, 1, "one source, however often it is asked");
  assert.equal(context.constants.length, 2, "a stopped source cannot start again: a new one");
});

test("an output asked to sleep before its context exists makes it asleep", () => {
  const context = new FakeContext();
  const output = new ScheduledOutput({ makeContext: () => context });
  output.keepAwake(false);
  output.ensureContext();
  assert.equal(context.constants.length, 0);
});
