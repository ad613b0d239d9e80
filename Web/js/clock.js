// The server's clock as seen from this page (NTP-style, minimum-delay sample).
//
// A ping leaves at t0 (client clock), the server stamps s, the pong lands at t1. If the trip was
// symmetric, the server clock read s at (t0 + t1) / 2, so offset = s − (t0 + t1) / 2, wrong by at
// most rtt / 2. The sample with the smallest round trip is the least disturbed by queueing, so
// the estimate is the offset of the fastest of the recent samples. Its rtt / 2 (plus 0.5 ms
// where the server stamped whole milliseconds only) bounds the error: that is what the sync
// meter shows as "±".

/** Client wall clock in ms: a monotonic clock anchored once (Date.now() can step). */
export function clientNow() {
  return performance.timeOrigin + performance.now();
}

export class ClockEstimator {
  constructor({ windowSize = 24 } = {}) {
    this.windowSize = windowSize; // three bursts of eight
    this.samples = [];
    this.best = null;
    this.coarse = null; // from a state's serverTime before any pong (error = one-way latency)
  }

  /** `exact`: the server stamped its time to the microsecond (else to the whole millisecond). */
  addSample(clientSend, serverTime, clientReceive, exact = false) {
    const rtt = clientReceive - clientSend;
    if (!(rtt >= 0) || !Number.isFinite(serverTime)) return;
    const rounding = exact ? 0 : 0.5;
    this.samples.push({ rtt, rounding, offset: serverTime - (clientSend + clientReceive) / 2, at: clientReceive });
    if (this.samples.length > this.windowSize) this.samples.shift();
    this.best = this.samples.reduce((a, b) => (b.rtt < a.rtt ? b : a));
  }

  /** Before the first pong: a state stamped serverTime arrived at clientReceive. */
  noteState(serverTime, clientReceive) {
    if (this.best || !Number.isFinite(serverTime)) return;
    const offset = serverTime - clientReceive; // the server is at least this far ahead
    if (this.coarse === null || offset > this.coarse) this.coarse = offset;
  }

  get ready() {
    return this.best !== null;
  }

  /** serverClock − clientClock in ms. */
  get offset() {
    if (this.best) return this.best.offset;
    return this.coarse ?? 0;
  }

  /** Error bound in ms (Infinity before any sample). */
  get uncertainty() {
    if (this.best) return this.best.rtt / 2 + this.best.rounding;
    return Infinity;
  }

  get rtt() {
    return this.best ? this.best.rtt : null;
  }

  serverNow() {
    return clientNow() + this.offset;
  }

  /** good / fair / poor / none, for the meter. */
  get quality() {
    const u = this.uncertainty;
    if (!Number.isFinite(u)) return "none";
    if (u <= 5) return "good";
    if (u <= 25) return "fair";
    return "poor";
  }

  reset() {
    this.samples = [];
    this.best = null;
    this.coarse = null;
  }
}
