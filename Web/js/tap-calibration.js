// Calibration by ear: clicks are played at known instants (when each is heard, as far as the
// browser knows) and the listener taps along; how much later the taps come, steadily, is what this
// device's speakers add that the browser cannot see (a Bluetooth speaker, a receiver) — the output
// delay. The first taps (finding the beat) are left out, each tap is paired with the click nearest
// to it, and the median is the answer; taps too uneven to trust say so instead.

export const CALIBRATION = Object.freeze({
  CLICKS: 16,
  INTERVAL_MS: 1000,
  EARLY_MS: 150, // a tap this much before a click is that click's (people tap a little early)
  WARM_UP: 4, // taps left out while the listener finds the beat
  MIN_TAPS: 6, // paired taps needed after those
  MAX_SPREAD_MS: 80, // interquartile range of the offsets beyond which the taps are too uneven
});

function quantile(sorted, q) {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
}

/** From the instants the clicks were heard (as the browser knows; ascending) and the taps (ms, the
 *  same clock): `{ delayMs, spreadMs, taps }`, or `{ error }` saying why there is no answer. Each
 *  tap belongs to the last click at most EARLY_MS after it: delays from −EARLY_MS to a beat less
 *  that are told apart. */
export function tapDelay(clicks, taps, params = CALIBRATION) {
  const offsets = [];
  for (const tap of taps.slice(params.WARM_UP)) {
    const click = clicks.filter((c) => c <= tap + params.EARLY_MS).at(-1);
    if (click !== undefined) offsets.push(tap - click);
  }
  if (offsets.length < params.MIN_TAPS) {
    return { error: `Tap along with at least ${params.MIN_TAPS + params.WARM_UP} clicks.` };
  }
  offsets.sort((a, b) => a - b);
  const spreadMs = quantile(offsets, 0.75) - quantile(offsets, 0.25);
  if (spreadMs > params.MAX_SPREAD_MS) {
    return { error: "The taps were too uneven to tell. Try again, tapping with each click." };
  }
  return { delayMs: Math.round(quantile(offsets, 0.5)), spreadMs: Math.round(spreadMs), taps: offsets.length };
}
